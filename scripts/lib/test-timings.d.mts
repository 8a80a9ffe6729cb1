export function slowestFiles(
  report: { testResults: Array<{ name: string; startTime: number; endTime: number }> },
  count: number,
): Array<{ file: string; ms: number }>;
export function explainsItsTime(file: string): boolean;
export function printSlowestFiles(reportFile: string, count: number): void;
