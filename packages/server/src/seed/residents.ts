import type { LockReason, UserMetadata } from '@stoop/shared';

export type DemoResident = {
  email: string;
  username: string;
  description: string;
  metadata: Partial<UserMetadata>;
  lock?: LockReason;
};

/**
 * The residents of Maple Court. The first four are the voices of the seeded chat (seed/chat.ts
 * refers to them by position after the admin), so keep their order. Add new residents at the end.
 */
export const DEMO_RESIDENTS: DemoResident[] = [
  {
    email: 'priya@demo.stoop.local',
    username: 'Priya',
    description: 'Unit 3C. UX designer, plant hoarder, owned by a cat called Miso.',
    metadata: {
      pronouns: 'she/her',
      interests: ['houseplants', 'bouldering', 'ramen'],
      work: 'UX designer',
      education: 'MA Interaction Design',
      lifeSituation: 'Lives alone (plus Miso)',
      pets: 'cat',
      newToArea: true,
      starSign: 'Libra',
      lookingFor: 'Climbing partners and plant swaps',
      prompts: [{ question: 'Best spot in the building', answer: 'The rooftop at sunset' }],
    },
  },
  {
    email: 'marcus@demo.stoop.local',
    username: 'Marcus',
    description: 'Unit 5A. Runs the unofficial building speaker system at every potluck.',
    metadata: {
      pronouns: 'he/him',
      interests: ['djing', 'basketball', 'grilling'],
      work: 'Sound engineer',
      hasKids: 'no-kids',
      pets: 'dog',
      drinking: 'socially',
      starSign: 'Leo',
      lookingFor: 'Pick-up games on Sundays',
    },
  },
  {
    email: 'dana@demo.stoop.local',
    username: 'Dana',
    description: 'Unit 2B. Night-shift nurse; please knock softly before noon.',
    metadata: {
      pronouns: 'she/they',
      interests: ['running', 'true crime podcasts'],
      work: 'ICU nurse',
      education: 'BSc Nursing',
      relationshipStatus: 'married',
      hasKids: 'have-kids',
      smoking: 'never',
      starSign: 'Capricorn',
      lookingFor: 'Babysitting swaps',
    },
  },
  {
    email: 'leo@demo.stoop.local',
    username: 'Leo',
    description: 'Unit 6D. Retired teacher, keeps the lobby library stocked.',
    metadata: {
      pronouns: 'he/him',
      interests: ['books', 'chess', 'birdwatching'],
      work: 'Retired history teacher',
      lifeSituation: 'Widowed, grandkids visit on weekends',
      hasKids: 'grown-up-kids',
      pets: 'dog',
      religion: 'Quaker',
      starSign: 'Pisces',
      lookingFor: 'Chess opponents',
    },
  },
  {
    email: 'amara@demo.stoop.local',
    username: 'Amara',
    description: 'Unit 4A. Software engineer working from home, always up for a coffee walk.',
    metadata: {
      pronouns: 'she/her',
      interests: ['coffee', 'cycling', 'board games'],
      work: 'Backend engineer',
      education: 'BSc Computer Science',
      newToArea: false,
      smoking: 'never',
      drinking: 'rarely',
      starSign: 'Gemini',
      lookingFor: 'Board game night regulars',
    },
  },
  {
    email: 'tomasz@demo.stoop.local',
    username: 'Tomasz',
    description: 'Unit 1C. Bakes sourdough on Saturdays and shares the extra loaves.',
    metadata: {
      pronouns: 'he/him',
      interests: ['baking', 'football', 'jazz'],
      work: 'Electrician',
      relationshipStatus: 'in-a-relationship',
      hasKids: 'have-kids',
      starSign: 'Taurus',
      lookingFor: 'Someone to share a community garden bed',
    },
  },
  {
    email: 'sofia@demo.stoop.local',
    username: 'Sofia',
    description: 'Unit 7B. Architecture student; ask me about the building history.',
    metadata: {
      pronouns: 'she/her',
      interests: ['architecture', 'sketching', 'film photography'],
      education: 'MArch student',
      lifeSituation: 'Two roommates',
      newToArea: true,
      starSign: 'Aquarius',
      lookingFor: 'Study buddies',
    },
  },
  {
    email: 'kwame@demo.stoop.local',
    username: 'Kwame',
    description: 'Unit 3A. Chef at the bistro on the corner; potluck MVP.',
    metadata: {
      pronouns: 'he/him',
      interests: ['cooking', 'cycling', 'afrobeats'],
      work: 'Head chef',
      drinking: 'socially',
      pets: null,
      starSign: 'Sagittarius',
      lookingFor: 'Taste testers',
    },
  },
  {
    email: 'hana@demo.stoop.local',
    username: 'Hana',
    description: 'Unit 5D. Yoga on the roof, Tuesdays 7am, everyone welcome.',
    metadata: {
      pronouns: 'she/her',
      interests: ['yoga', 'meditation', 'hiking'],
      work: 'Yoga instructor',
      religion: 'Buddhist',
      smoking: 'never',
      drinking: 'never',
      starSign: 'Virgo',
      lookingFor: 'Hiking group',
    },
  },
  {
    email: 'eli@demo.stoop.local',
    username: 'Eli',
    description: 'Unit 2D. New dad, running on coffee and white noise.',
    metadata: {
      pronouns: 'he/him',
      interests: ['video games', 'fantasy football'],
      work: 'Accountant',
      relationshipStatus: 'married',
      hasKids: 'have-kids',
      starSign: 'Cancer',
      lookingFor: 'Hand-me-down baby gear',
    },
  },
  {
    email: 'rosa@demo.stoop.local',
    username: 'Rosa',
    description: 'Unit 8A. Has lived here for 22 years and remembers every renovation.',
    metadata: {
      pronouns: 'she/her',
      interests: ['knitting', 'gardening', 'telenovelas'],
      work: 'Retired seamstress',
      lifeSituation: 'Lives with her sister',
      hasKids: 'grown-up-kids',
      pets: 'birds',
      religion: 'Catholic',
      starSign: 'Aries',
      newToArea: false,
    },
  },
  {
    email: 'jun@demo.stoop.local',
    username: 'Jun',
    description: 'Unit 6A. Freelance illustrator; painted the mural in the bike room.',
    metadata: {
      pronouns: 'they/them',
      interests: ['illustration', 'skateboarding', 'anime'],
      work: 'Freelance illustrator',
      gender: 'non-binary',
      sexuality: 'queer',
      starSign: 'Scorpio',
      lookingFor: 'Collaborators for a zine',
    },
  },
  {
    email: 'noah@demo.stoop.local',
    username: 'Noah',
    description: 'Unit 4C. Grad student in marine biology, will talk about octopuses.',
    metadata: {
      pronouns: 'he/him',
      interests: ['scuba diving', 'trivia'],
      education: 'PhD candidate, marine biology',
      lifeSituation: 'Roommate with Sofia',
      newToArea: true,
      starSign: 'Gemini',
      lookingFor: 'Pub quiz team',
    },
  },
  {
    email: 'grace@demo.stoop.local',
    username: 'Grace',
    description: 'Just signed the lease for 7D, moving in next month.',
    metadata: { pronouns: 'she/her', interests: ['pottery', 'tennis'], work: 'Pharmacist', newToArea: true },
    lock: 'pending_approval',
  },
  {
    email: 'victor@demo.stoop.local',
    username: 'Victor',
    description: 'Former resident of 1A.',
    metadata: { interests: ['cars'] },
    lock: 'admin_lock',
  },
];

/** All demo residents sign in with this password. */
export const DEMO_PASSWORD = 'maple-court-demo';
