/**
 * Every route of the dashboard, in one place. Components link with `getHref`,
 * the router registers `path`; nothing else spells a URL by hand.
 */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  auth: {
    signIn: {
      path: '/signin',
      getHref: (message?: string) => (message ? `/signin?${new URLSearchParams({ message }).toString()}` : '/signin'),
    },
    signUp: {
      path: '/signup',
      getHref: () => '/signup',
    },
    checkEmail: {
      path: '/check-email',
      getHref: () => '/check-email',
    },
    forgotPassword: {
      path: '/forgot-password',
      getHref: () => '/forgot-password',
    },
    resetPassword: {
      path: '/reset-password',
      getHref: () => '/reset-password',
    },
    confirm: {
      path: '/confirm',
      getHref: () => '/confirm',
    },
  },
  emailDemo: {
    path: '/email-demo',
    getHref: () => '/email-demo',
  },
  app: {
    clients: {
      path: '/clients',
      getHref: () => '/clients',
    },
    groups: {
      path: '/groups',
      getHref: () => '/groups',
    },
    calendar: {
      path: '/calendar/:clientId',
      getHref: (clientId: string) => `/calendar/${encodeURIComponent(clientId)}`,
    },
    training: {
      path: '/training',
      getHref: () => '/training',
    },
    trainingWorkout: {
      path: '/training/:workoutId',
      getHref: (workoutId: string) => `/training/${encodeURIComponent(workoutId)}`,
    },
    library: {
      path: '/library',
      getHref: () => '/library',
    },
    chat: {
      path: '/chat',
      /** With a user id: open (or start) the conversation with that person. */
      getHref: (withUserId?: string) => (withUserId ? `/chat?with=${encodeURIComponent(withUserId)}` : '/chat'),
    },
    programTemplates: {
      path: '/program-templates',
      getHref: () => '/program-templates',
    },
    calendarAssigned: {
      getHref: (clientId: string, date: string) => `/calendar/${encodeURIComponent(clientId)}?${new URLSearchParams({ date, highlight: 'assigned' }).toString()}`,
    },
    helpTemplates: {
      path: '/help/templates',
      getHref: () => '/help/templates',
    },
    teamAnalytics: {
      path: '/team-analytics',
      getHref: () => '/team-analytics',
    },
    becomeCoach: {
      path: '/become-coach',
      getHref: () => '/become-coach',
    },
    settings: {
      path: '/settings',
      getHref: () => '/settings',
    },
    webhooks: {
      path: '/webhooks',
      getHref: () => '/webhooks',
    },
  },
} as const;
