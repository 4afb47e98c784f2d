import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '@archway/contract';
import { readLocale } from './read-locale.ts';

/**
 * Archway's Portuguese is Brazilian Portuguese, throughout (issue 23 fidelity 9; the decision: locales/README.md).
 * Every Portuguese text — the web's, the catalogue's error messages, the server's mail and export texts — is
 * checked for forms only European Portuguese uses, so a mix of the two variants cannot come back.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.join(here, '..', '..', '..', 'server', 'src');

/** European-only words and constructions, with the Brazilian form to use instead. */
const EUROPEAN: [RegExp, string][] = [
  [/\butilizador(es)?\b/i, 'usuário'],
  [/\bficheiros?\b/i, 'arquivo'],
  [/\becrãs?\b/i, 'tela'],
  [/\bregistos?\b/i, 'registro'],
  [/\bregista(r|d[oa]s?)\b/i, 'registrar, registrado'],
  [/\bcontact(o|os|e|ar|á-lo|á-la)\b/i, 'contato, entre em contato, contatar'],
  [/\bintroduz(a|ir)\b/i, 'digite'],
  [/\btelemóve(l|is)\b/i, 'celular'],
  [/\bpalavras?-passe\b/i, 'senha'],
  [/\bpartilh(a|ar|e|ad[oa]s?)\b/i, 'compartilhar, compartilhamento'],
  [/\bequipas?\b/i, 'equipe'],
  [/\bmoradas?\b/i, 'endereço'],
  [/\baceder\b/i, 'acessar'],
  [/\banónim[oa]s?\b/i, 'anônimo'],
  [/\bdescarreg(ar|ue|ad[oa]s?)\b/i, 'baixar'],
  [/\bliga(ção|ções)\b/i, 'link, conexão'],
  [/\b(iniciar|inicie|início de) sessão\b|\bsessão iniciada\b/i, 'entrar, login, conectado'],
  [/\bem todo o lado\b/i, 'em todos os lugares'],
  [/\btem a certeza\b/i, 'tem certeza'],
  [/\besqueci-me\b/i, 'esqueceu a senha?'],
  [/\btentativas falhadas\b/i, 'tentativas malsucedidas'],
  [/\b(está|estão|estou|continua|fica)\s+a\s+\p{L}+(ar|er|ir)\b/iu, 'gerúndio (está carregando)'],
  [
    /^\s*A (carregar|aguardar|criar|procurar|processar|enviar|guardar|exportar|importar|converter|gerar|verificar)\b/i,
    'gerúndio (Carregando…)',
  ],
  [/^\s*A \p{L}+(ar|er|ir)\s*(…|\.\.\.)?$/iu, 'gerúndio (Prolongando)'],
  [/\bvós\b/i, 'vocês'],
  [/\p{L}[áâêéíóôi]-(lo|la|los|las)\b/iu, 'pronome antes ou objeto explícito (pode baixar o caso, você pode alterar o nome)'],
  [/\p{L}-lhes?\b/iu, 'lhe antes do verbo, ou para você'],
  [/\bjá não\b/iu, 'não … mais'],
  [/\bdemasiad[oa]s?\b/iu, 'muito, demais'],
  [/à (sua|vossa) espera\b/iu, 'esperando por você'],
  [/\b(tem|têm|terá|terão|tenho|tinha|tiver|tiverem) de\b/iu, 'precisa, tem que'],
  [/\bencript(ar|ad[oa]s?|ação)\b/iu, 'criptografar, criptografado'],
  [/\bnum(a|os|as)?\b/iu, 'em um, em uma'],
  [/\bdeix(a|am|ará|arão) de (poder|ser possível)\b/iu, 'não poder mais, não será mais possível'],
  [/\baplicaç(ão|ões)\b/iu, 'aplicativo (o programa)'],
];

type Texts = Map<string, string>;

function collect(value: unknown, where: string, into: Texts) {
  if (typeof value === 'string') into.set(where, value);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) collect(inner, `${where}.${key}`, into);
}

/** Every Portuguese text the product ships, by where it comes from. */
function portugueseTexts(): Texts {
  const texts: Texts = new Map();
  collect(readLocale('pt'), 'web:pt', texts);
  collect(errorMessages.pt, 'contract:errorMessages.pt', texts);
  for (const file of readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(file) !== 'pt.json') continue;
    const json: unknown = JSON.parse(readFileSync(path.join(serverSrc, file), 'utf8'));
    collect(json, `server:${file}`, texts);
  }
  return texts;
}

const europeanIn = (text: string) =>
  EUROPEAN.filter(([form]) => form.test(text)).map(([form, use]) => `${form.source} (use ${use})`);

describe('Portuguese: one variant, Brazilian', () => {
  const texts = portugueseTexts();

  it('reads the web, the catalogue and the server mail texts', () => {
    const sources = new Set([...texts.keys()].map((key) => key.split(':')[0]));
    expect([...sources].sort()).toEqual(['contract', 'server', 'web']);
    expect([...texts.keys()].filter((key) => key.startsWith('server:')).length).toBeGreaterThan(20);
  });

  it('has no European-only form', () => {
    const found = [...texts]
      .map(([where, text]) => ({ where, forms: europeanIn(text), text }))
      .filter((hit) => hit.forms.length);
    expect(found).toEqual([]);
  });

  it('catches each European-only form the check lists (it would fail on the other variant)', () => {
    const european = [
      'Nome de utilizador ou palavra-passe incorretos',
      'O ficheiro importado está vazio',
      'Ecrãs opcionais',
      'Registo de auditoria',
      'Contacte o suporte',
      'Introduza um e-mail válido',
      'Número de telemóvel',
      'Links de partilha',
      'A nossa equipa',
      'Morada',
      'Não foi possível aceder à ajuda',
      'Anónimo',
      'Verifique a sua ligação',
      'Cada início de sessão',
      'Tem a certeza?',
      'Esqueci-me da palavra-passe',
      'Já está a ser criado um modelo',
      'A carregar a vista 3D…',
      'A exportar… 10 %',
      'encaminhar casos entre vós',
      'O terceiro pode pré-visualizá-lo, transferi-lo e definir o seu progresso',
      'Selecione autorizações para prolongá-las de uma vez',
      'O laboratório envia-lhe o caso',
      'A senha antiga já não permite entrar',
      'Demasiados códigos errados',
      'A imagem é demasiado grande',
      'Ele está à sua espera na caixa de casos.',
      'Outro administrador tem de o fazer',
      'Casos encriptados não podem ser comparados',
      'Clique num dente para selecionar',
      'Os membros deixam de poder trabalhar para ela',
      'Exceção da aplicação',
      'A prolongar',
      'desative-a quando tiver de deixar de funcionar',
    ];
    for (const text of european) expect(europeanIn(text), text).not.toEqual([]);
    const brazilian = [
      'Nome de usuário ou senha incorretos',
      'Entre em contato com o suporte',
      'Digite um e-mail válido',
      'Carregando a visualização 3D…',
      'Já está sendo criado um modelo',
      'Aguardando a sua resposta',
      'Você está sem conexão',
      'Transferir dispositivo',
      'Você pode baixar o caso e alterar o nome.',
      'Ele está esperando por você na caixa de casos.',
      'A senha antiga não permite mais entrar',
      'Uma página tem entre 1 e 200 linhas',
      'Número de série',
      'Muitos códigos errados: tente novamente em uma hora',
      'Casos criptografados não podem ser comparados',
      'Aplicativo web',
      'Pré-visualização',
    ];
    for (const text of brazilian) expect(europeanIn(text), text).toEqual([]);
  });
});
