import { useEffect, useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface PanelLineStyle {
  label: string;
  colour: string;
  dashed: boolean;
}

interface ChartPanelProps {
  panelId: string;
  title: string;
  /** What a screen reader hears for the drawing: the chart's subject and period. */
  description: string;
  lines: readonly PanelLineStyle[];
  /** The legend's name for the time under the cursor. */
  timeLabel: string;
  data: uPlot.AlignedData;
  /** The x range shown (epoch ms): the period, or the zoomed view. */
  xRange: { fromMs: number; toMs: number };
  /** Cursor and selection are shared by every panel with the same key. */
  syncKey: string;
  formatValue: (value: number) => string;
  /** Axis ticks: fewer decimals than values, since ticks are round numbers. */
  formatTick: (value: number, decimals: number) => string;
  formatTime: (ms: number) => string;
  formatAxisTime: (ms: number, spanMs: number) => string;
  /** Absent for charts that do not zoom (the daily trends). */
  onZoom?: (fromMs: number, toMs: number) => void;
  onResetZoom?: () => void;
  /**
   * Where the part still under way begins (today so far, the hour under way), or null: from there to the right
   * edge the chart is hatched and `partialLabel` says why, so a lower last point reads as "not over yet".
   */
  partialFromMs?: number | null;
  /** Where the part under way ends, when periods to come follow it on the chart (a plan's weeks); else the right edge. */
  partialToMs?: number | null;
  partialLabel?: string;
}

/** A diagonal hatching in the given colour, as a canvas pattern. */
function hatching(ctx: CanvasRenderingContext2D, colour: string): CanvasPattern | null {
  const tile = document.createElement('canvas');
  tile.width = 8;
  tile.height = 8;
  const t = tile.getContext('2d');
  if (!t) return null;
  t.strokeStyle = colour;
  t.lineWidth = 1;
  t.beginPath();
  t.moveTo(0, 8);
  t.lineTo(8, 0);
  t.stroke();
  return ctx.createPattern(tile, 'repeat');
}

const HEIGHT = 220;

/**
 * One uPlot chart. uPlot draws 10,000s of points on a canvas in milliseconds; it is made once per panel and
 * fed new data, range and size afterwards. Dragging across it asks the page to zoom (the page fetches the
 * view at full detail), double-clicking to zoom out.
 */
export function ChartPanel(props: ChartPanelProps) {
  const { panelId, title, description, lines, timeLabel, data, xRange, syncKey } = props;
  const theme = useTheme();
  const target = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // Read by uPlot's callbacks, which outlive renders; brought up to date before any effect below runs.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  const textColour = theme.palette.text.secondary;
  const gridColour = theme.palette.divider;
  // Changes with the theme's mode, as textColour does (in styleKey).
  const hatchColour = theme.palette.text.disabled;
  const zoomable = props.onZoom !== undefined;
  const styleKey = `${lines.map((l) => `${l.label}/${l.colour}`).join()}|${timeLabel}|${textColour}|${gridColour}|${zoomable}`;

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const axis = (values: uPlot.Axis['values']): uPlot.Axis => ({
      stroke: textColour,
      grid: { stroke: gridColour, width: 1 },
      ticks: { stroke: gridColour, width: 1 },
      values,
    });
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: HEIGHT,
      ms: 1,
      scales: {
        x: { time: true, range: () => [latest.current.xRange.fromMs, latest.current.xRange.toMs] },
      },
      series: [
        { label: timeLabel, value: (_u, ms: number | null) => (ms === null ? '' : latest.current.formatTime(ms)) },
        ...lines.map((line) => ({
          label: line.label,
          stroke: line.colour,
          width: 1.5,
          dash: line.dashed ? [6, 4] : undefined,
          points: { show: false },
          value: (_u: uPlot, value: number | null) => (value === null || value === undefined ? '–' : latest.current.formatValue(value)),
        })),
      ],
      axes: [
        axis((_u, splits) => {
          const span = latest.current.xRange.toMs - latest.current.xRange.fromMs;
          return splits.map((ms) => latest.current.formatAxisTime(ms, span));
        }),
        {
          ...axis((_u, splits) => {
            const decimals = splits.every((v) => Number.isInteger(v)) ? 0 : splits.every((v) => Number.isInteger(v * 10)) ? 1 : 2;
            return splits.map((v) => latest.current.formatTick(v, decimals));
          }),
          size: 64,
        },
      ],
      cursor: { drag: { x: zoomable, y: false, setScale: false }, sync: { key: syncKey } },
      hooks: {
        setSelect: [
          (u) => {
            if (u.select.width < 4) return;
            const fromMs = u.posToVal(u.select.left, 'x');
            const toMs = u.posToVal(u.select.left + u.select.width, 'x');
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            latest.current.onZoom?.(fromMs, toMs);
          },
        ],
        // The part still under way, hatched under the lines.
        drawAxes: [
          (u) => {
            const from = latest.current.partialFromMs;
            if (from === null || from === undefined) return;
            const to = latest.current.partialToMs;
            const left = Math.max(u.bbox.left, u.valToPos(from, 'x', true));
            const edge = u.bbox.left + u.bbox.width;
            const right = to === null || to === undefined ? edge : Math.min(edge, u.valToPos(to, 'x', true));
            const pattern = right > left ? hatching(u.ctx, hatchColour) : null;
            if (!pattern) return;
            u.ctx.save();
            u.ctx.fillStyle = pattern;
            u.ctx.fillRect(left, u.bbox.top, right - left, u.bbox.height);
            u.ctx.restore();
          },
        ],
        // Tells tests and the web bench that this panel's data is on the canvas.
        draw: [(u) => element.setAttribute('data-drawn-points', String(u.data[0].length))],
      },
    };
    // Each chart is made in a task of its own: five made in one go kept the main thread busy for one long
    // task (about 280 ms for a year of data), during which the page could not answer a click.
    let made: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    // uPlot keeps the plot's screen position from its last scroll or resize event; content above it that
    // grows or shrinks (the period line while a view loads, the header) moves it without either, which
    // would offset the cursor and the drag. Measured again when the mouse comes in or presses.
    const measure = () => made?.syncRect();
    const making = setTimeout(() => {
      const chart = new uPlot(options, latest.current.data, element);
      made = chart;
      plot.current = chart;
      resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
      resize.observe(element);
    });
    element.addEventListener('mouseenter', measure);
    element.addEventListener('mousedown', measure, true);
    return () => {
      clearTimeout(making);
      element.removeEventListener('mouseenter', measure);
      element.removeEventListener('mousedown', measure, true);
      resize?.disconnect();
      made?.destroy();
      plot.current = null;
    };
    // Made again only when its lines or colours change; data and range are fed below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleKey, syncKey]);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data, xRange.fromMs, xRange.toMs, props.partialFromMs, props.partialToMs]);

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-labelledby={`chart-${panelId}-title`}>
      <Typography id={`chart-${panelId}-title`} component="h3" variant="subtitle1" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box
        ref={target}
        role="img"
        aria-label={description}
        data-testid={`chart-${panelId}`}
        onDoubleClick={() => latest.current.onResetZoom?.()}
        sx={{
          '& .u-legend': { color: 'text.primary', fontSize: 13 },
          '& .u-select': { background: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)' },
        }}
      />
      {props.partialFromMs !== null && props.partialFromMs !== undefined && props.partialLabel && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }} data-testid={`chart-${panelId}-partial`}>
          {props.partialLabel}
        </Typography>
      )}
    </Paper>
  );
}
