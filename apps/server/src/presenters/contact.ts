import type { ContactMessage } from '@app/domain';
import type { contactMessages } from '../db/schema.js';

/** A contact message as the school's admins read it. */
export const presentContactMessage = (m: typeof contactMessages.$inferSelect): ContactMessage => ({
  _id: m.id,
  userName: m.userName,
  userSchool: m.userSchool,
  userEmail: m.userEmail,
  userRole: m.userRole,
  userMessage: m.userMessage,
  createdAt: m.createdAt.toISOString(),
});
