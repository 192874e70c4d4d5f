import type { GoldGraph } from './types.js';

const MESSAGE_SOURCES = ['search_emails', 'get_email_thread', 'list_email_labels', 'send_email', 'reply_to_email', 'forward_email', 'send_email_draft'];

export const gold: GoldGraph = {
  domain: 'email',
  explicit: {
    get_email: MESSAGE_SOURCES,
    reply_to_email: MESSAGE_SOURCES.filter((tool) => tool !== 'reply_to_email'),
    forward_email: MESSAGE_SOURCES.filter((tool) => tool !== 'forward_email'),
    // A message's labels name labels too.
    modify_email_labels: [...MESSAGE_SOURCES, 'get_email'],
    trash_email: MESSAGE_SOURCES,
    // A reply joins the thread it answers, whose id was known before; a sent or forwarded message starts one.
    get_email_thread: ['search_emails', 'get_email', 'send_email', 'send_email_draft', 'forward_email'],
    update_email_draft: ['list_email_drafts', 'create_email_draft'],
    send_email_draft: ['list_email_drafts', 'create_email_draft'],
    delete_email_draft: ['list_email_drafts', 'create_email_draft'],
    // The label to delete is one that exists (list_email_labels) or was just made.
    delete_email_label: ['list_email_labels', 'create_email_label', 'search_emails', 'get_email', 'get_email_thread'],
  },
  implicit: [],
};
