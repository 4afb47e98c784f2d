/** Server-side zh/pt texts of the knowledge base's table (errors-help.ts). */
export const helpErrorMessages: Record<'zh' | 'pt', Record<string, string>> = {
  zh: {
    'help.parameter': '参数错误',
    'help.question': '请输入 1 至 300 个字符的问题',
    'help.notFound': '帮助文章不存在或已被删除',
    'help.language': '未知语言：请使用 Archway 支持的 15 种语言之一',
    'help.texts': '文章至少需要一种语言的内容',
    'help.languageTwice': '每种语言只能填写一次',
    'help.title': '请输入不超过 200 个字符的标题',
    'help.content': '请输入内容：不超过 100,000 个字符，且不能只有标记',
  },
  pt: {
    'help.parameter': 'Erro de parâmetro',
    'help.question': 'Escreva uma pergunta de 1 a 300 caracteres',
    'help.notFound': 'Artigo de ajuda não encontrado ou inexistente',
    'help.language': 'Idioma desconhecido: use um dos 15 idiomas do Archway',
    'help.texts': 'Um artigo precisa do seu texto em pelo menos um idioma',
    'help.languageTwice': 'Cada idioma só pode ser indicado uma vez',
    'help.title': 'Digite um título com no máximo 200 caracteres',
    'help.content': 'Digite o conteúdo: no máximo 100 000 caracteres, não apenas marcação',
  },
};
