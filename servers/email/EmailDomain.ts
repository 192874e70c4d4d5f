import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { EMAIL_REFERENCE_DATE, type EmailState } from './EmailState.js';
import { createEmailDraft, createEmailLabel, deleteEmailDraft, deleteEmailLabel, listEmailDrafts, listEmailLabels, sendEmailDraft, updateEmailDraft } from './draftLabelTools.js';
import { emailInvariants } from './emailInvariants.js';
import { emailPhrasings } from './emailPhrasings.js';
import { emailSamplers } from './emailSamplers.js';
import { emailScenarios } from './emailScenarios.js';
import { forwardEmail, getEmail, getEmailThread, listEmailContacts, modifyEmailLabels, replyToEmail, searchEmails, sendEmail, trashEmail } from './mailTools.js';

/** A Gmail-style mailbox: threads, labels, drafts, send / reply / forward, Gmail search operators. */
export const emailDomain = defineDomain<EmailState>({
  name: 'email',
  title: 'Email (Gmail-style mailbox)',
  category: 'productivity',
  description:
    'Maya Chen\'s work mailbox modelled on the Gmail API: messages in threads with system labels (INBOX, SENT, STARRED, UNREAD, IMPORTANT, ' +
    'TRASH, SPAM) and user labels, attachments as metadata, drafts, contacts; search with Gmail operators (from:, to:, subject:, label:, in:, ' +
    'is:, has:attachment, filename:, before:/after:, newer_than:); send, reply (all), forward; sent mail is append-only.',
  tools: [
    searchEmails,
    getEmail,
    getEmailThread,
    sendEmail,
    replyToEmail,
    forwardEmail,
    modifyEmailLabels,
    trashEmail,
    listEmailContacts,
    listEmailDrafts,
    createEmailDraft,
    updateEmailDraft,
    sendEmailDraft,
    deleteEmailDraft,
    listEmailLabels,
    createEmailLabel,
    deleteEmailLabel,
  ],
  loadWorld: () => loadFixture<EmailState>('email'),
  defaultReferenceDate: EMAIL_REFERENCE_DATE,
  samplers: emailSamplers,
  invariants: emailInvariants,
  phrasings: emailPhrasings,
  scenarios: emailScenarios,
});

export default emailDomain;
