/** One colour per energy figure, shared by the flow diagram and the charts. */
export const FIGURE_COLORS = {
  pv: '#f5a623',
  load: '#7b5cd6',
  grid: '#2f6fed',
  battery: '#12a594',
  soc: '#52a33a',
  feedIn: '#5b8ff9',
  purchase: '#1d3f99',
  charge: '#36c5b4',
  discharge: '#0b7a6c',
  idle: '#bfbfc8',
} as const;

export type FigureColor = keyof typeof FIGURE_COLORS;
