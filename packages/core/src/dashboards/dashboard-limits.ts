/** Boards are an Enterprise+ feature; these bounds keep a board's answer and its screen sensible. */
export const MAX_DASHBOARDS_PER_ACCOUNT = 50;
export const MAX_WIDGETS_PER_DASHBOARD = 40;
export const MAX_SHARE_LINKS_PER_DASHBOARD = 10;
export const DASHBOARD_NAME_MAX = 100;
export const WIDGET_TITLE_MAX = 100;
/** Monitors a status grid may name, and groups. */
export const MAX_GRID_MONITORS = 100;
export const MAX_GRID_GROUPS = 20;
/** Share links may live at most a year when they expire. */
export const MAX_SHARE_LINK_DAYS = 366;

/** The board's grid: 12 columns, rows of one fixed height, a widget at most 8 rows tall. */
export const DASHBOARD_COLUMNS = 12;
export const MAX_WIDGET_ROWS = 8;
/** Rows of the grid a board may use, so a layout cannot run off forever. */
export const MAX_DASHBOARD_ROWS = MAX_WIDGETS_PER_DASHBOARD * MAX_WIDGET_ROWS;
