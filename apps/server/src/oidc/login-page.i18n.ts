import { normaliseLanguage, type Language } from '@gridlens/domain/language';

/** The embedded provider's pages live outside the web app, so their strings live here, in the same five languages. */
const STRINGS = {
  EN: {
    title: 'Sign in to Gridlens',
    subtitle: 'Monitoring for utility and fleet operators',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    invalid: 'The email or password is not correct.',
    demoUsers: 'Demo accounts',
    demoHint: 'This portal runs with its built-in identity provider. Use one of these accounts:',
    signingOut: 'Signing you out…',
    signOut: 'Sign out',
    signedOut: 'You are signed out.',
    backToPortal: 'Back to the portal',
    errorTitle: 'Sign-in could not continue',
    errorBody: 'The sign-in request was not valid or has expired. Go back to the portal and try again.',
  },
  GA: {
    title: 'Sínigh isteach i Gridlens',
    subtitle: 'Monatóireacht d’oibreoirí fóntais agus flít',
    email: 'Ríomhphost',
    password: 'Pasfhocal',
    submit: 'Sínigh isteach',
    invalid: 'Níl an ríomhphost nó an pasfhocal ceart.',
    demoUsers: 'Cuntais taispeána',
    demoHint: 'Tá an tairseach seo ag rith lena soláthraí aitheantais féin. Úsáid ceann de na cuntais seo:',
    signingOut: 'Do do shíniú amach…',
    signOut: 'Sínigh amach',
    signedOut: 'Tá tú sínithe amach.',
    backToPortal: 'Ar ais go dtí an tairseach',
    errorTitle: 'Níorbh fhéidir leanúint leis an síniú isteach',
    errorBody:
      'Ní raibh an t-iarratas síniú isteach bailí nó tá sé imithe in éag. Téigh ar ais go dtí an tairseach agus bain triail eile as.',
  },
  FR: {
    title: 'Connexion à Gridlens',
    subtitle: 'Supervision pour les gestionnaires de réseaux et de flottes',
    email: 'E-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    invalid: "L'e-mail ou le mot de passe est incorrect.",
    demoUsers: 'Comptes de démonstration',
    demoHint: "Ce portail utilise son fournisseur d'identité intégré. Utilisez l'un de ces comptes :",
    signingOut: 'Déconnexion en cours…',
    signOut: 'Se déconnecter',
    signedOut: 'Vous êtes déconnecté.',
    backToPortal: 'Retour au portail',
    errorTitle: 'La connexion n’a pas pu aboutir',
    errorBody: 'La demande de connexion n’était pas valide ou a expiré. Revenez au portail et réessayez.',
  },
  ES: {
    title: 'Iniciar sesión en Gridlens',
    subtitle: 'Supervisión para operadores de redes y flotas',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    invalid: 'El correo electrónico o la contraseña no son correctos.',
    demoUsers: 'Cuentas de demostración',
    demoHint: 'Este portal funciona con su proveedor de identidad integrado. Use una de estas cuentas:',
    signingOut: 'Cerrando la sesión…',
    signOut: 'Cerrar sesión',
    signedOut: 'Ha cerrado la sesión.',
    backToPortal: 'Volver al portal',
    errorTitle: 'No se pudo continuar con el inicio de sesión',
    errorBody: 'La solicitud de inicio de sesión no era válida o ha caducado. Vuelva al portal e inténtelo de nuevo.',
  },
  PL: {
    title: 'Zaloguj się do Gridlens',
    subtitle: 'Monitoring dla operatorów sieci i flot',
    email: 'E-mail',
    password: 'Hasło',
    submit: 'Zaloguj się',
    invalid: 'Nieprawidłowy e-mail lub hasło.',
    demoUsers: 'Konta demonstracyjne',
    demoHint: 'Ten portal działa z wbudowanym dostawcą tożsamości. Użyj jednego z tych kont:',
    signingOut: 'Trwa wylogowywanie…',
    signOut: 'Wyloguj się',
    signedOut: 'Wylogowano.',
    backToPortal: 'Wróć do portalu',
    errorTitle: 'Nie można kontynuować logowania',
    errorBody: 'Żądanie logowania było nieprawidłowe lub wygasło. Wróć do portalu i spróbuj ponownie.',
  },
} satisfies Record<Language, Record<string, string>>;

export type LoginStrings = (typeof STRINGS)['EN'];

/** `ui_locales` as the web app sends it ("fr", "ga", …); anything else falls back to English. */
export function loginStrings(uiLocales: unknown): { language: Language; strings: LoginStrings } {
  const first = typeof uiLocales === 'string' ? (uiLocales.split(/\s+/)[0] ?? '') : '';
  const language = normaliseLanguage(first.slice(0, 2).toUpperCase());
  return { language, strings: STRINGS[language] };
}
