import { Icon, type IconProps } from './icons.tsx';

// Line icons for the marketing pages, drawn in icons.tsx's frame (24 px grid, stroke 2)
// so both sets sit together. Inline SVG: nothing is fetched. Decorative (aria-hidden).

const make = (d: string) => (p: IconProps) => (
  <Icon {...p}>
    <path d={d} />
  </Icon>
);

export const BoltIcon = make('M13 2L4 14h7l-1 8 9-12h-7l1-8z');
export const PlugIcon = make('M9 2v5M15 2v5M6 7h12v4a6 6 0 0 1-12 0V7zM12 17v5');
export const ShieldIcon = make(
  'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3zM9 12l2 2 4-4',
);
export const ChartIcon = make('M4 20V10M10 20V4M16 20v-7M22 20H2');
export const CodeIcon = make('M8 8l-5 4 5 4M16 8l5 4-5 4M14 4l-4 16');
export const ServerIcon = make('M4 4h16v6H4zM4 14h16v6H4zM8 7h.01M8 17h.01M12 7h4M12 17h4');
export const DatabaseIcon = make(
  'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
);
export const CloudIcon = make('M7 18a5 5 0 0 1-.6-10A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9H7z');
export const SmartphoneIcon = make(
  'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2',
);
export const ClockIcon = make('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2');
export const DollarIcon = make('M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6');
export const UsersIcon = make(
  'M16 20v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 20v-1a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
);
export const AlertIcon = make('M12 3L2 20h20L12 3zM12 10v4M12 17h.01');
export const ClipboardIcon = make(
  'M9 4h6v3H9zM9 5H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1h-3M9 13l2 2 4-4',
);
export const LockIcon = make('M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4');
export const SearchIcon = make('M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5');
export const MicIcon = make(
  'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3',
);
export const InboxIcon = make('M3 13h5l1 3h6l1-3h5M5 5h14l2 8v6H3v-6l2-8z');
export const BookIcon = make(
  'M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2V5zM4 19a2 2 0 0 1 2-2h14M9 7h7',
);
export const ChecklistIcon = make('M4 6l2 2 3-3M4 13l2 2 3-3M12 7h8M12 14h8M12 20h8M4 20h4');
export const SparklesIcon = make(
  'M12 3l1.8 4.2L18 9l-4.2 1.8L12 15l-1.8-4.2L6 9l4.2-1.8L12 3zM19 15l.8 1.7 1.7.8-1.7.8-.8 1.7-.8-1.7-1.7-.8 1.7-.8.8-1.7z',
);
export const CompassIcon = make('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM15.5 8.5l-2 5-5 2 2-5 5-2z');
export const RefreshIcon = make(
  'M20 11a8 8 0 0 0-14.9-3M4 4v4h4M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4',
);
export const ShuffleIcon = make('M16 3h5v5M4 20L21 3M21 16v5h-5M15 15l6 6M4 4l5 5');
export const WebhookIcon = make(
  'M18 16.5a3 3 0 1 1-2.6 4.5H9M9 8.5A3 3 0 1 1 12 5.5l3 6M6 18a3 3 0 0 1 0-6l3-5',
);
export const BranchIcon = make(
  'M6 3v12M18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 9a9 9 0 0 1-9 9',
);
export const GlobeIcon = make(
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
);
export const LayersIcon = make('M12 3l9 5-9 5-9-5 9-5zM3 13l9 5 9-5M3 17l9 5 9-5');
export const CheckCircleIcon = make('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12l3 3 5-6');
export const TargetIcon = make(
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
);
export const TrendingUpIcon = make('M3 17l6-6 4 4 8-8M15 7h6v6');
export const ActivityIcon = make('M3 12h4l3-8 4 16 3-8h4');
