export function assemble(): Promise<string>;
export function moduleText(base64: string): string;
