/** How a merchant asks for each payments tool (slots are argument names), for data synthesis. */
export const paymentsPhrasings: Record<string, string[]> = {
  list_payment_customers: ['look up the customer {search}', 'find {search} in our customers', 'show me our customers'],
  list_payment_invoices: ['show the invoices of {customer_id}', 'what invoices does {customer_id} have', 'list our {status} invoices', 'list the invoices'],
  create_payment_invoice: ['draft an invoice for {customer_id} for {lines}', 'bill {customer_id} for {lines}', 'make a new invoice to {customer_id}: {lines}'],
  finalize_payment_invoice: ['finalize {invoice_id}', 'send out {invoice_id}', 'finalize {invoice_id} with payment due in {days_until_due} days'],
  pay_payment_invoice: ['charge the card on file for {invoice_id}', 'collect payment for {invoice_id}', 'pay {invoice_id} with {payment_method_id}'],
  void_payment_invoice: ['void {invoice_id}', 'cancel {invoice_id}, they do not owe it any more'],
  mark_payment_invoice_uncollectible: ['write off {invoice_id} as uncollectible', 'mark {invoice_id} as uncollectible'],
  list_payment_charges: ['show the charges of {customer_id}', 'list the payments we took from {customer_id}', 'what charges went through for {invoice_id}'],
  refund_payment_charge: ['refund {charge_id}', 'refund {amount} of {charge_id}', 'give back {amount} from {charge_id} ({reason})'],
  list_payment_events: ['show the activity log for {customer_id}', 'what happened with {object_id}', 'show the latest payment events'],
};
