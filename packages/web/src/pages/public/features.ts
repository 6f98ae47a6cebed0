/** What Stoop offers, shared by the web and mobile home pages. */
import { Bell, Hash, Lock, Megaphone, MessagesSquare, Smartphone, type LucideIcon } from 'lucide-react';

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const FEATURES: readonly Feature[] = [
  {
    icon: Hash,
    title: 'Channels for the whole building',
    text: 'Talk about the bike room, swap tools, organise the summer party or find a cat sitter in shared channels.',
  },
  {
    icon: MessagesSquare,
    title: 'Direct messages',
    text: 'Write privately to a neighbour, with threads, reactions, photos and files.',
  },
  {
    icon: Megaphone,
    title: 'Announcements that reach everyone',
    text: 'Maintenance, water shut-offs and house meetings from management, in one place instead of the lobby board.',
  },
  {
    icon: Lock,
    title: 'Private by design',
    text: 'Only residents approved by your community’s admins can join. No ads, no selling of your data.',
  },
  {
    icon: Bell,
    title: 'Notifications you control',
    text: 'Get notified about mentions and direct messages on your phone or desktop, and mute the rest.',
  },
  {
    icon: Smartphone,
    title: 'Everywhere you are',
    text: 'Use Stoop in the browser, install it as an app, or get it for Android and iOS.',
  },
];
