/**
 * Server-side `errorMessage` texts for the languages Accept-Language may carry (zh, pt; en is in errors.ts).
 * The web app shows its own translation of the key in all 15 languages; these serve scripts and other clients.
 */
export const errorMessages: Record<'zh' | 'pt', Record<string, string>> = {
  zh: {
    'generic.permission': '权限校验失败：请联系管理员开通权限或重新登录',
    'generic.notFound': '请求路径不存在',
    'generic.application': '应用程序异常',
    'generic.database': '数据库异常',
    'generic.validation': '参数错误',
    'generic.sessionExpired': '登录已过期，请重新登录',
    'generic.tooManyAttempts': '尝试次数过多，请几分钟后再试',
    'generic.objectNotFound': '不存在或已被删除',
    'signIn.invalidCredentials': '用户名或密码错误',
    'signIn.disabled': '该账号已被停用',
    'signIn.interactionExpired': '登录页面已过期，请重新开始',
    'user.invalidUser': '无效的登录用户',
    'user.failed': '修改失败',
    'cust.notFound': '机构未找到或不存在',
    'cust.missing': '缺少机构信息：请在账号管理中完善',
  },
  pt: {
    'generic.permission':
      'Falha na verificação de permissão: contacte o administrador ou inicie sessão novamente',
    'generic.notFound': 'Caminho do pedido não encontrado',
    'generic.application': 'Exceção da aplicação',
    'generic.database': 'Exceção da base de dados',
    'generic.validation': 'Parâmetro inválido',
    'generic.sessionExpired': 'A sessão expirou: inicie sessão novamente',
    'generic.tooManyAttempts': 'Demasiadas tentativas: aguarde alguns minutos e tente novamente',
    'generic.objectNotFound': 'Não encontrado ou não existe',
    'signIn.invalidCredentials': 'Nome de utilizador ou palavra-passe incorretos',
    'signIn.disabled': 'Esta conta está desativada',
    'signIn.interactionExpired': 'A página de início de sessão expirou: comece de novo',
    'user.invalidUser': 'Utilizador de sessão inválido',
    'user.failed': 'Falha na modificação',
    'cust.notFound': 'Organização não encontrada ou inexistente',
    'cust.missing': 'Faltam dados da organização: complete-os na gestão de conta',
  },
};

/** The server language of an Accept-Language header: zh, pt or en (calls-and-errors §7.1). */
export function serverLanguage(acceptLanguage: string | undefined): 'zh' | 'pt' | 'en' {
  const first = (acceptLanguage ?? '').split(',')[0]!.trim().toLowerCase();
  if (first.startsWith('zh')) return 'zh';
  if (first.startsWith('pt')) return 'pt';
  return 'en';
}

export function messageFor(key: string, fallback: string, lang: 'zh' | 'pt' | 'en'): string {
  return lang === 'en' ? fallback : (errorMessages[lang][key] ?? fallback);
}
