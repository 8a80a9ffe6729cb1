import type { Messages } from './ja';

/** English messages; the key set must equal the Japanese one. */
export const en: Messages = {
  app: {
    name: 'Hanabi',
    tagline: 'Prize campaigns for live streams',
    skipToContent: 'Skip to main content',
    homeLink: 'Hanabi top page',
  },
  area: {
    streamer: 'Streamer',
    audience: 'Audience',
    operator: 'Operator',
    signup: 'Sign up / Sign in',
  },
  menu: {
    label: 'Menu',
    open: 'Open menu',
    close: 'Close menu',
    streamer: {
      home: 'Home',
      campaign: 'Campaigns',
      'manual-distribution': 'Manual distribution',
      digitalgoods: 'Digital goods',
      account: 'Account',
    },
    audience: {
      home: 'Home',
      collection: 'Collection',
      campaign: 'Campaigns',
      streamer: 'Streamers',
      account: 'Account',
    },
    operator: {
      dashboard: 'Dashboard',
      users: 'Users',
      tokens: 'Tokens',
      ipfs: 'IPFS',
      deliveries: 'Delivery queue',
      news: 'News',
    },
  },
  header: {
    language: 'Change language',
    signIn: 'Sign in',
    signOut: 'Sign out',
    accountMenu: 'Account menu',
    myHome: 'My home',
    myAccount: 'Account settings',
    operatorArea: 'Operator area',
  },
  languages: {
    ja: '日本語',
    en: 'English',
  },
  session: {
    loading: 'Loading…',
  },
  toast: {
    success: 'Updated',
    error: 'An error occurred. Please log in again.',
  },
  unsaved: {
    title: 'Confirm',
    message: 'You have unsaved changes. Leave this page?',
    leave: 'Leave this page',
    stay: 'Stay on this page',
  },
  errors: {
    network: 'Something bad happened; please try again later.',
    notRetrieved: 'Could not be retrieved',
    routeTitle: 'This screen could not be shown',
    routeBody: 'Something went wrong while loading. Please reload the page.',
    reload: 'Reload',
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you are looking for may have moved or been removed, or the URL may be wrong.',
    home: 'Go to the top page',
  },
  landing: {
    title: 'Welcome to Hanabi',
    lead: 'Streamers run prize campaigns during their live streams; viewers enter by commenting in the chat. Winners are drawn in a way anyone can verify, and the digital goods reach them.',
    choose: 'Tell us who you are',
    streamerTitle: 'For streamers',
    streamerBody:
      'Create campaigns, draw winners during your YouTube Live or TwitCasting stream and distribute digital goods.',
    streamerCta: 'Streamer page',
    audienceTitle: 'For viewers',
    audienceBody: 'Enter campaigns by commenting in the stream chat and collect the digital goods you win.',
    audienceCta: 'Viewer page',
  },
  intro: {
    streamerTitle: 'Use Hanabi as a streamer',
    streamerBody:
      'Make digital goods, prepare a campaign and draw winners from the comments of your live stream. Each winner receives the prize exactly once.',
    audienceTitle: 'Use Hanabi as a viewer',
    audienceBody:
      'Follow your favourite streamers and add campaigns to your watchlist. Comment in the stream chat, and when you win, the digital goods arrive in your collection.',
    signUp: 'Sign up / Sign in',
    goHome: 'Go to home',
    signedInAs: 'You are signed in as {{name}}.',
  },
  areaAccess: {
    wrongTypeTitle: 'This page is for the {{area}} area',
    wrongTypeBody: 'The signed-in account is registered as {{type}}.',
    operatorOnlyTitle: 'Operators only',
    operatorOnlyBody: 'Only accounts with the operator role can use this page.',
    goHome: 'Go to my home',
  },
  pages: {
    streamerHome: {
      title: 'Home',
      empty: 'Your campaigns, live streams and notifications will appear here.',
      next: 'Create a campaign',
    },
    campaignEditor: {
      title: 'Campaigns',
      empty:
        'Your campaigns will be listed here, with the editor for new ones (prize, entry rule, draw mode).',
      next: 'Prepare digital goods first',
    },
    campaignEdit: {
      title: 'Edit campaign',
      empty: 'The editor for campaign {{id}} will appear here.',
      next: 'Back to campaigns',
    },
    manualDistribution: {
      title: 'Manual distribution',
      empty: 'Here you will pick digital goods and distribute them to a list of recipients at once.',
      next: 'See digital goods',
    },
    digitalGoods: {
      title: 'Digital goods',
      empty: 'Your digital goods and the editor for prize images will appear here.',
    },
    liveStreaming: {
      title: 'Live stream',
      empty:
        'The comments, entrants and draw results of the live stream for campaign {{id}} will appear here.',
      next: 'Back to campaigns',
    },
    account: {
      title: 'Account',
      avatarAlt: 'Avatar of {{name}}',
    },
    audienceHome: {
      title: 'Home',
      empty: 'Notifications and campaigns of the streamers you follow will appear here.',
      next: 'Find campaigns',
    },
    myCollection: {
      title: 'Collection',
      empty: 'The digital goods you win in campaigns will be collected here.',
      next: 'Find campaigns',
    },
    campaignList: {
      title: 'Campaigns',
      empty: 'Running and upcoming campaigns and your watchlist will appear here.',
    },
    streamerList: {
      title: 'Streamers',
      empty: 'Streamers and the ones you follow will appear here.',
    },
    collectionDetail: {
      title: 'Collection',
      empty: 'The details of collection item {{id}} will appear here.',
    },
    campaignDetail: {
      title: 'Campaign',
      empty: 'The details of campaign {{id}} (prize, how to enter, period, winners) will appear here.',
    },
    drawProof: {
      title: 'Draw proof',
      empty:
        'The proof of draw {{id}} (commitment, entrant list, beacon, seed, winners) will appear here, and you will be able to recompute the draw in your browser.',
    },
    signup: {
      streamerTitle: 'Sign up or sign in as a streamer',
      audienceTitle: 'Sign up or sign in as a viewer',
      otherType: {
        streamer: 'Are you a viewer? Sign in here',
        audience: 'Are you a streamer? Sign in here',
      },
      terms: 'Terms of service',
    },
    terms: {
      title: 'Terms of service',
      empty: 'The terms of service will be published on this page.',
    },
    operatorDashboard: {
      title: 'Dashboard',
      empty: 'Analytics such as users, campaigns and the funnel from entries to deliveries will appear here.',
    },
    operatorUsers: {
      title: 'Users',
      empty: 'The list of registered users will appear here.',
    },
    operatorTokens: {
      title: 'Tokens',
      empty: 'Here you will mint, transfer, approve and burn tokens and manage token URIs.',
    },
    operatorIpfs: {
      title: 'IPFS',
      empty: 'Here you will upload assets to IPFS and check them.',
    },
    operatorDeliveries: {
      title: 'Delivery queue',
      empty:
        'The status of digital goods deliveries (queued, submitted, confirmed, failed) will appear here.',
    },
    operatorNews: {
      title: 'News',
      empty: 'Here you will write and publish news.',
    },
  },
  common: {
    close: 'Close',
    cancel: 'Cancel',
    back: 'Back',
    next: 'Next',
    retry: 'Try again',
    copy: 'Copy',
    copied: 'Copied',
  },
  auth: {
    lead: {
      withProviders:
        'New or returning, continue here. Sign in with Google, X, or a link sent to your e-mail.',
      emailOnly: 'New or returning, continue here. Sign in with a link sent to your e-mail.',
    },
    or: 'or',
    termsNotice: 'By continuing you agree to the',
    email: {
      formLabel: 'Sign in with an e-mail link',
      label: 'E-mail address',
      description: 'We will send you a sign-in link. No password needed.',
      invalid: 'Enter a valid e-mail address.',
      rateLimited: 'Too many attempts. Wait a minute and try again.',
      send: 'Send sign-in link',
      resend: 'Send the link again',
      sentTitle: 'Check your e-mail',
      sentBody:
        'We sent a sign-in link to {{email}}. Open it in this browser to finish signing in. The link works once and expires after a short while.',
      failedTitle: 'The link could not be sent',
    },
    social: {
      google: 'Continue with Google',
      twitter: 'Continue with X (Twitter)',
    },
    devMailbox: {
      hint: 'Development mode sends no real e-mail. Find the link in the dev mailbox.',
      link: 'Open the dev mailbox',
    },
    redirectErrors: {
      title: 'You are not signed in',
      invalidToken: 'The sign-in link has expired or was already used. Send a new one.',
      emailSignInNotLinked:
        'The account with this address signs in with Google or X. Sign in that way, then turn on e-mail link sign-in on your account page.',
      cancelled: 'Sign-in was cancelled.',
      noToken: 'Your sign-in could not be confirmed. Please try again.',
      accountNotLinked: 'This account is tied to another sign-in method. Use the method you registered with.',
      unknown: 'Sign-in did not complete ({{code}}). Please try again.',
    },
    signedIn: {
      as: 'You are signed in as {{name}} ({{type}}).',
      otherType: 'This account is registered as a {{type}}.',
      goHome: 'Go to your home',
    },
    register: {
      title: 'Create your account',
      lead: {
        streamer: 'Welcome! Choose a display name to start using Hanabi as a streamer.',
        audience: 'Welcome! Choose a display name to start using Hanabi as a viewer.',
      },
      email: 'Signed in as {{email}}',
      nameDescription: 'Shown to other people. You can change it later on your account page.',
      failedTitle: 'Registration failed',
      submit: 'Create account',
    },
    otherType: {
      title: 'Already registered as a {{registered}}',
      body: 'The account of {{name}} is registered as a {{registered}}, so it cannot be used as a {{wanted}}. An account is either a streamer or a viewer.',
      hint: 'To use Hanabi as a {{wanted}}, sign out and register with another e-mail address or account.',
      goHome: 'Go to the {{registered}} home',
      signOut: 'Sign out',
    },
    finish: {
      workingTitle: 'Signing you in',
      working: 'Checking your sign-in…',
      failed: 'Sign-in could not be completed. Please try again.',
      noUser:
        'No signed-in user came back. Make sure you opened the link in the same browser you requested it from, and try again.',
      errorTitle: 'Sign-in failed',
      back: 'Back to sign-in',
    },
  },
  devMailbox: {
    title: 'Dev mailbox',
    lead: 'E-mails the server "sent" in development mode, newest first. Open sign-in links from here.',
    listLabel: 'Received e-mails',
    to: 'To',
    openLink: 'Open the sign-in link',
    more: 'Show the whole message',
    less: 'Collapse',
    refresh: 'Refresh',
    clear: 'Delete all',
    clearTitle: 'Delete every e-mail?',
    clearBody: 'This empties the dev mailbox. It cannot be undone.',
    empty: 'No e-mail yet. Send a sign-in link from the sign-in page and it arrives here.',
    unavailable: 'The dev mailbox only exists in development (embedded) mode.',
  },
  account: {
    role: {
      operator: 'Operator',
      operatorHint: 'This account has operator rights.',
    },
    profile: {
      title: 'Profile',
      name: 'Display name',
      nameLength: 'Use 1 to {{max}} characters for the display name.',
      bio: 'About you',
      bioDescription: 'Up to {{max}} characters',
      bioLength: 'Keep it to {{max}} characters.',
      avatarUrl: 'Avatar image URL',
      avatarDescription: 'An https:// URL, or a path on this site (starting with /)',
      avatarInvalid: 'Enter an https:// URL or a path starting with /.',
      locale: 'Language',
      localeDescription: 'The language of notifications and e-mails.',
      discard: 'Discard changes',
      save: 'Save',
    },
    methods: {
      title: 'Sign-in methods',
      method: 'Method',
      linkedAt: 'Linked',
      actions: 'Actions',
      providers: {
        google: 'Google',
        twitter: 'X (Twitter)',
        email: 'E-mail link',
      },
      unlink: 'Unlink',
      unlinkNamed: 'Unlink {{provider}}',
      unlinkTitle: 'Unlink {{provider}}?',
      unlinkBody: 'You will no longer be able to sign in this way. Your other sign-in methods keep working.',
      lastMethod: 'This is your only sign-in method, so it cannot be unlinked. Link another method first.',
      email: 'E-mail address: {{email}}',
      addTitle: 'Add a sign-in method',
      link: {
        google: 'Link Google',
        twitter: 'Link X (Twitter)',
        email: 'Turn on e-mail link sign-in',
      },
      allLinked: 'Every available sign-in method is linked',
      linkFailedTitle: 'Linking failed',
      linkFailed: 'The sign-in method could not be linked ({{code}}). Please try again.',
    },
    session: {
      title: 'Sign out',
      lead: 'Sign out of this device. "Sign out everywhere" also ends your sessions on every other device and browser.',
      everywhere: 'Sign out everywhere',
      everywhereTitle: 'Sign out everywhere?',
      everywhereBody: 'This ends your sessions on every device and browser, including this one.',
      everywhereFailed:
        'You are signed out here, but we could not confirm that your other sessions ended ({{message}}).',
    },
  },
  wallet: {
    saved: 'Your wallet is set up',
    saving: 'Saving your wallet address…',
    saveFailed: 'The wallet could not be saved',
    words: {
      label: 'Recovery phrase (12 words)',
    },
    step: {
      title: 'Set up your wallet',
      lead: '{{name}}, the digital goods you win are delivered to a wallet. Create one or connect yours before you continue.',
      privacy:
        'Only the wallet address is sent to Hanabi. The private key and recovery phrase never leave this browser.',
    },
    choice: {
      recommended: 'Recommended',
      browserTitle: 'Create a wallet in this browser',
      browserBody:
        'If you have no wallet: write down 12 words (the recovery phrase), choose a passphrase, and the wallet is kept encrypted on this device.',
      browserAction: 'Create a wallet',
      injectedTitle: 'Use a wallet extension',
      injectedBody: 'Connect a browser extension wallet such as MetaMask and use its address.',
      injectedAction: 'Connect an extension',
    },
    browser: {
      stepBackup: 'Write down',
      stepConfirm: 'Check',
      stepPassphrase: 'Passphrase',
      backupLead:
        'This is your wallet’s recovery phrase. It is shown only now. Write the words down in order and keep them somewhere safe.',
      backupWarning:
        'Anyone who knows these 12 words controls the wallet. Never share them in a screenshot or a chat; Hanabi staff will never ask for them.',
      backupConfirm: 'I wrote down the 12 words in order and keep them somewhere safe',
      confirmLead: 'Let’s check your copy. Enter the words at these positions.',
      wordLabel: 'Word {{number}}',
      confirmFailed: 'These words do not match the recovery phrase. Check what you wrote down.',
      showWordsAgain: 'Show the words again',
      passphraseLead:
        'Choose a passphrase to encrypt the wallet. You need it to unlock the wallet or show the recovery phrase. Hanabi cannot recover it.',
      encrypting: 'Encrypting your wallet… (this takes a few seconds)',
      create: 'Create the wallet',
    },
    passphrase: {
      label: 'Passphrase',
      description:
        'At least {{min}} characters. If you forget it, only the recovery phrase restores the wallet.',
      confirm: 'Passphrase (again)',
      tooShort: 'Use at least {{min}} characters.',
      mismatch: 'The passphrases do not match.',
      required: 'Enter your passphrase.',
    },
    injected: {
      lead: 'Choose a wallet extension installed in this browser and connect it.',
      searching: 'Looking for wallet extensions…',
      connectWith: 'Connect {{wallet}}',
      searchAgain: 'Look again',
      connected: 'Connected to {{wallet}}. This address will be used.',
      rightNetwork: 'Network: {{network}}',
      wrongNetworkTitle: 'Switch the network',
      wrongNetwork: 'Your wallet is on {{current}}. Hanabi uses {{expected}}. Please switch the network.',
      switch: 'Switch to {{network}}',
      chooseAnother: 'Choose another wallet',
      useAddress: 'Use this address',
      problems: {
        noWallet: 'No account: no wallet extension (such as MetaMask) was found. Install one and try again.',
        noAccount: 'Log in to your wallet extension: unlock it, make sure it has an account, and try again.',
        pending: 'Your wallet extension is waiting for you. Open it, log in and finish the request there.',
        rejected: 'The connection was declined in the wallet extension.',
        switchUnsupported: 'This wallet could not switch the network. Switch it in the extension.',
        unknown: 'Could not connect to the wallet extension.',
      },
    },
    section: {
      title: 'Wallet',
      address: 'Wallet address',
      copyAddress: 'Copy the wallet address',
      none: 'You have no wallet yet.',
      unknownHint:
        'No wallet for this address is stored in this browser (it is an extension wallet, or a browser wallet created on another device).',
    },
    kind: {
      browser: 'Browser wallet (this browser)',
      injected: 'Extension wallet ({{wallet}})',
      unknown: 'External wallet',
    },
    unlock: {
      open: 'Unlock',
      title: 'Unlock your wallet',
      lead: 'Enter your passphrase to decrypt the wallet stored in this browser and check it matches your address.',
      submit: 'Unlock',
      working: 'Decrypting…',
      wrong: 'That passphrase is not correct.',
      damaged: 'The stored wallet could not be read. It needs to be restored from the recovery phrase.',
      success: 'Unlocked. The passphrase is correct and the wallet matches the address {{address}}.',
    },
    export: {
      open: 'Show recovery phrase',
      title: 'Your recovery phrase',
      lead: 'Enter your passphrase to show the recovery phrase. Make sure nobody is looking.',
      submit: 'Show',
      warning: 'Anyone who knows these 12 words controls the wallet. Never tell them to anyone.',
      hide: 'Hide and close',
    },
    replace: {
      open: 'Replace the wallet',
      title: 'Replace your wallet?',
      body: 'You create (or connect) a new wallet and its address replaces the one on your account. Goods already delivered to the old address stay there. The old wallet stays encrypted in this browser.',
      confirm: 'Replace',
    },
  },
  externalRedirect: {
    title: 'Leaving Hanabi',
    checking: 'Checking the destination…',
    redirecting: 'Redirecting…',
    interstitialLead:
      'You are about to visit a site outside Hanabi. Continue only if you trust the destination.',
    target: 'Destination',
    continue: 'Continue to this site',
    back: 'Back',
    refusedTitle: 'This link cannot be opened',
    refusedMissing: 'No destination URL was given.',
    refusedInvalid: 'The destination URL could not be read.',
    refusedScheme: 'For your safety, only http and https URLs can be opened.',
  },
};
