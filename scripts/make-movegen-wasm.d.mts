export function compile(): Promise<string>;
export function moduleText(base64: string): string;
