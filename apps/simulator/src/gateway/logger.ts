/** Where the simulator says what it is doing: the CLI prints it, the server routes it to its own logger. */
export type LogLevel = 'info' | 'warn' | 'error';
export type Logger = (level: LogLevel, message: string) => void;
