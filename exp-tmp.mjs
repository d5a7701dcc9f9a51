import * as echarts from 'echarts';
const c = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 560, height: 260 });
c.setOption({ animation: false, textStyle: { fontFamily: 'hgfont' }, title: { text: 'ייצור אנרגיה 2026' }, legend: { data: ['Energy', 'PR'] }, tooltip: {},
 xAxis: { type: 'category', data: ['01-01','01-02','01-03'], axisLabel: { rotate: 30 } }, yAxis: { type: 'value', name: 'kWh' },
 series: [{ name: 'Energy', type: 'bar', data: [120, 200, 150] }, { name: 'PR', type: 'line', data: [100, 150, 90] }] });
console.log(c.renderToSVGString());
