/** Server-side zh/pt texts of the administrator's console tables (errors-console.ts). */
export const consoleErrorMessages: Record<'zh' | 'pt', Record<string, string>> = {
  zh: {
    'console.parameter': '参数错误',
    'console.self': '不能对自己的账号执行此操作：请由其他管理员处理',
    'console.userNotFound': '用户不存在或已被删除',
    'console.noEmail': '该账号没有可接收密码链接的电子邮箱',
    'console.userDisabled': '该账号已被停用：请先启用',
    'console.adminNoOrg': '管理员账号不属于任何机构：请使用单独的账号',
    'backup.parameter': '参数错误',
    'backup.running': '已有备份正在进行：请等待其完成',
    'backup.notWritable': '无法写入备份目录：请检查 BACKUP_DIR 及其权限',
    'backup.noSpace': '备份目录的可用空间不足以进行备份',
    'cust.disabled': '您的机构已被平台管理员停用：请联系 Archway 客服',
    'signIn.resetRequired': '管理员要求您设置新密码：请使用邮件中的链接，或点击“忘记密码”',
  },
  pt: {
    'console.parameter': 'Erro de parâmetro',
    'console.self': 'Não na sua própria conta: outro administrador precisa fazer isso',
    'console.userNotFound': 'Usuário não encontrado ou inexistente',
    'console.noEmail': 'Esta conta não tem endereço de e-mail para receber o link de senha',
    'console.userDisabled': 'Esta conta está desativada: ative-a primeiro',
    'console.adminNoOrg':
      'As contas de administrador não pertencem a nenhuma organização: use uma conta separada',
    'backup.parameter': 'Erro de parâmetro',
    'backup.running': 'Já há uma cópia de segurança em curso: aguarde até terminar',
    'backup.notWritable':
      'Não é possível gravar na pasta das cópias de segurança: verifique BACKUP_DIR e as suas permissões',
    'backup.noSpace': 'Não há espaço livre suficiente na pasta das cópias de segurança para uma cópia',
    'cust.disabled':
      'A sua organização foi desativada pelo administrador da plataforma: entre em contato com o suporte da Archway',
    'signIn.resetRequired':
      'Um administrador pediu que você escolha uma nova senha: use o link enviado por e-mail, ou "Esqueceu a senha?"',
  },
};
