/** The shared .xlsx writer (streaming, typed cells, frozen header, Parameters sheet). */
export * from './xlsx-writer.ts';
