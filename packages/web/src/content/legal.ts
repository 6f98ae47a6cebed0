/**
 * The privacy policy and terms of service, written once and shown both as pages
 * (/privacy-policy, /terms-of-service) and as modals on the sign-up form.
 */
interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  bullets?: readonly string[];
}

export interface LegalDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: 'January 2025',
  intro:
    'Stoop is a private social network for the residents of an apartment community. This policy explains what we collect when you use Stoop on the web, as an installed app or on Android and iOS, why we collect it, who can see it and what you can do about it.',
  sections: [
    {
      heading: '1. Who is responsible',
      paragraphs: [
        "Your community's Stoop is run by its operator (usually the building management or the residents' association) together with us as the provider of the service. The operator decides who may join; we process data on the operator's behalf and for running the service itself. You can reach both through the contact page.",
      ],
    },
    {
      heading: '2. What we collect',
      paragraphs: ['We only collect what the service needs to work:'],
      bullets: [
        'Account data: your email address, username, a hashed password (we never store it in readable form), your role and whether your account is approved.',
        'Profile data you choose to add: a description, an avatar and optional details such as interests, pronouns, work, education, pets, whether you are new to the area and similar prompts. Every profile field except your username is optional.',
        'Content: messages, replies, reactions, files and images you share in channels and direct conversations, and reports you file about content.',
        'Technical data: session cookies, device type, the push notification token of your device if you allow notifications, and diagnostic logs of app errors and performance (without message contents).',
        'Messages you send through the contact form.',
      ],
    },
    {
      heading: '3. Why we use it',
      paragraphs: ['We use your data to:'],
      bullets: [
        'create and secure your account, verify that you live in the community and let admins approve you;',
        'deliver messages, announcements and notifications to the right people;',
        'show your profile to other approved residents of your community;',
        'keep the community safe: handle reports, enforce the terms and prevent abuse;',
        'find and fix errors and keep the service fast.',
      ],
    },
    {
      heading: '4. Who can see what',
      paragraphs: [
        'Stoop is closed: only approved residents of your community can see its channels, announcements and profiles. Direct conversations are visible only to their participants. Community admins can see account data needed for approval and can review content that has been flagged; they cannot read direct conversations unless a message from one is reported to them.',
        'We do not sell your data and we do not show advertising. We share data only with service providers that host and operate Stoop for us (hosting, email delivery, push notification services of Google and Apple), bound by contracts to use it only for that purpose, or when the law requires it.',
      ],
    },
    {
      heading: '5. How long we keep it',
      paragraphs: [
        'Your account and profile are kept while your account exists. Messages stay in their conversations until you or an admin delete them. When you ask us to delete your account we remove your profile and sign-in data within 30 days; messages you sent in channels are shown without your name. Diagnostic logs are deleted after 30 days. Backups are overwritten within 90 days.',
      ],
    },
    {
      heading: '6. Cookies and local storage',
      paragraphs: [
        'Stoop uses one session cookie to keep you signed in and a security token to protect your account against cross-site requests. The app stores some data on your device (for example your theme and recently used conversations) to start faster. We use no tracking or advertising cookies.',
      ],
    },
    {
      heading: '7. Your rights',
      paragraphs: [
        'You can see and change your profile at any time in your account settings. You may ask us for a copy of your data, to correct or delete it, to restrict or object to its use, and you may complain to your data protection authority. Write to us through the contact page; we answer within 30 days.',
      ],
    },
    {
      heading: '8. Security',
      paragraphs: [
        'Connections are encrypted, passwords are hashed with a modern algorithm, sessions can be ended by signing out and files are only served to people allowed to read the conversation they belong to. No system is perfectly secure; if a breach affects your data we will tell you without undue delay.',
      ],
    },
    {
      heading: '9. Children',
      paragraphs: [
        'Stoop is meant for adult residents. You must be at least 16 years old to create an account.',
      ],
    },
    {
      heading: '10. Changes',
      paragraphs: [
        'If we change this policy in a way that matters, we will tell you in the app before the change takes effect. The date at the top shows the latest version.',
      ],
    },
  ],
};

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: 'January 2025',
  intro:
    'These terms are the agreement between you and the operators of Stoop for using the service. By creating an account you accept them. Please read them; they are short on purpose.',
  sections: [
    {
      heading: '1. Who may use Stoop',
      paragraphs: [
        "Stoop is for residents of the community it was set up for, and for the people who manage it. You must be at least 16, give a real email address and use one account only. New accounts wait for an admin's approval; admins may decline or lock an account that does not belong to the community.",
      ],
    },
    {
      heading: '2. Your account',
      paragraphs: [
        'Keep your password to yourself and sign out on shared devices. You are responsible for what happens under your account. Tell us at once through the contact page if you think someone else has used it.',
      ],
    },
    {
      heading: '3. Be a good neighbour',
      paragraphs: ['Stoop works because people treat each other with respect. You agree not to:'],
      bullets: [
        'harass, threaten, insult or discriminate against anyone, or share hateful content;',
        "share other people's private information, photos or messages without their consent;",
        "post anything illegal, sexually explicit, violent, or that infringes someone else's rights;",
        'send spam, advertising or chain messages, or impersonate others;',
        "try to break, overload or get around the security of the service, or collect other residents' data.",
      ],
    },
    {
      heading: '4. Your content',
      paragraphs: [
        'You own what you post. You give us the permission we need to store it, show it to the people you shared it with and make it work across your devices — nothing more. You can delete your own messages at any time.',
      ],
    },
    {
      heading: '5. Moderation',
      paragraphs: [
        'Any resident can flag a message. Community admins review flagged content and may hide or delete content, flag or hide channels, and lock accounts that break these terms. If your account is locked you will see why, and you can contact the admins to resolve it.',
      ],
    },
    {
      heading: '6. Announcements and notifications',
      paragraphs: [
        'Admins may send announcements to every resident. Notifications can be switched off in your device settings; important account messages (such as password resets) are still sent by email.',
      ],
    },
    {
      heading: '7. Availability',
      paragraphs: [
        'We work to keep Stoop available and your data safe, but we provide the service as it is and cannot promise it will always be free of interruptions or errors. Do not use Stoop for emergencies: call your local emergency number instead.',
      ],
    },
    {
      heading: '8. Liability',
      paragraphs: [
        'Residents are responsible for what they post. To the extent the law allows, we are not liable for content posted by others or for indirect losses. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      heading: '9. Ending your account',
      paragraphs: [
        "You may stop using Stoop and ask us to delete your account at any time. Your community's admins may end your access if you move out or seriously or repeatedly break these terms.",
      ],
    },
    {
      heading: '10. Changes to these terms',
      paragraphs: [
        'We may update these terms. We will announce meaningful changes in the app in advance; if you keep using Stoop after they take effect, you accept the new terms. Questions? Reach us through the contact page.',
      ],
    },
  ],
};
