/** Server-side zh/pt texts of the administrator's console tables (errors-console.ts). */
export const consoleErrorMessages: Record<'zh' | 'pt', Record<string, string>> = {
  zh: {
    'console.parameter': '参数错误',
    'console.self': '不能对自己的账号执行此操作：请由其他管理员处理',
    'console.userNotFound': '用户不存在或已被删除',
    'console.noEmail': '该账号没有可接收密码链接的电子邮箱',
    'console.userDisabled': '该账号已被停用：请先启用',
    'console.adminNoOrg': '管理员账号不属于任何机构：请使用单独的账号',
    'cust.disabled': '您的机构已被平台管理员停用：请联系 Archway 客服',
    'signIn.resetRequired': '管理员要求您设置新密码：请使用邮件中的链接，或点击“忘记密码”',
  },
  pt: {
    'console.parameter': 'Erro de parâmetro',
    'console.self': 'Não na sua própria conta: outro administrador tem de o fazer',
    'console.userNotFound': 'Usuário não encontrado ou inexistente',
    'console.noEmail': 'Esta conta não tem endereço de e-mail para receber o link de senha',
    'console.userDisabled': 'Esta conta está desativada: ative-a primeiro',
    'console.adminNoOrg':
      'As contas de administrador não pertencem a nenhuma organização: use uma conta separada',
    'cust.disabled':
      'A sua organização foi desativada pelo administrador da plataforma: entre em contato com o suporte da Archway',
    'signIn.resetRequired':
      'Um administrador pediu que você escolha uma nova senha: use o link enviado por e-mail, ou "Esqueceu a senha?"',
  },
};
