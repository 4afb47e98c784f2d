/** Server-side zh/pt texts of the branded builds' table (errors-brand.ts). */
export const brandErrorMessages: Record<'zh' | 'pt', Record<string, string>> = {
  zh: { 'brand.modelBuilder': '此版本不包含模型制作' },
  pt: { 'brand.modelBuilder': 'A criação de modelos não faz parte desta edição' },
};
