/** Server-side zh/pt texts of the audit log's table (errors-audit.ts). */
export const auditErrorMessages: Record<'zh' | 'pt', Record<string, string>> = {
  zh: {
    'audit.parameter': '参数错误',
    'audit.cursor': '分页游标无效，请从第一页重新开始',
    'audit.date': '日期须为带时区的 ISO 时间，例如 2026-11-28T09:00:00Z',
    'audit.range': '时间范围的开始必须早于结束',
    'audit.limit': '每页 1 至 200 行',
  },
  pt: {
    'audit.parameter': 'Erro de parâmetro',
    'audit.cursor': 'Este cursor de página não é válido: recomece da primeira página',
    'audit.date': 'As datas são instantes ISO com fuso horário, p. ex. 2026-11-28T09:00:00Z',
    'audit.range': 'O intervalo de tempo deve começar antes de terminar',
    'audit.limit': 'Uma página tem entre 1 e 200 linhas',
  },
};
