import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { EChartProps } from './EChart';

// ECharts is its own chunk, fetched when the first chart appears, while the rest of the page is already up.
const EChart = lazy(() => import('./EChart'));

export function LazyEChart(props: EChartProps): React.JSX.Element {
  return (
    <Suspense
      fallback={
        <div className="hg-chart-placeholder" style={{ height: props.height }} aria-busy="true">
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        </div>
      }
    >
      <EChart {...props} />
    </Suspense>
  );
}
