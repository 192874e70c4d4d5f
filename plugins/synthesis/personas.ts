/** A voice for the simulated user: how they open, ask, chain requests and follow up. */
export interface Persona {
  name: string;
  openers: string[];
  /** Wrap one or more request clauses: `{request}` is the joined clauses. */
  asks: string[];
  /** Joins two clauses of one message. */
  joiners: string[];
  /** Opens a follow-up turn. */
  followUps: string[];
  /** Supplies a value the assistant asked for: `{value}`. */
  answers: string[];
}

/** Personas of the template teacher (the paper samples one per query; the list is ours). */
export const PERSONAS: readonly Persona[] = [
  {
    name: 'busy professional',
    openers: ['', 'Quick one: ', 'Hi, '],
    asks: ['{request}.', 'Please {request}.', 'Can you {request}?'],
    joiners: [', then ', ' and then ', '; after that '],
    followUps: ['Next, ', 'OK. Now ', 'Good. Also ', 'Thanks. '],
    answers: ['{value}.', 'Use {value}.', 'It is {value}.'],
  },
  {
    name: 'polite retiree',
    openers: ['Good morning! ', 'Hello there. ', 'Hello, '],
    asks: ['Would you be so kind as to {request}?', 'Could you please {request}?', 'I would like you to {request}, please.'],
    joiners: [', and then ', ', and after that ', '. Then please '],
    followUps: ['Thank you kindly. Now could you ', 'Wonderful, thank you. Next, ', 'That is very helpful. Could you also '],
    answers: ['Oh, of course: {value}.', 'Certainly, it is {value}.', 'Sorry, I forgot: {value}.'],
  },
  {
    name: 'casual student',
    openers: ['hey! ', 'hi, ', 'yo, '],
    asks: ['can you {request}?', 'pls {request}', 'could u {request}?'],
    joiners: [' and then ', ', then ', ' and also '],
    followUps: ['cool, now ', 'nice. ', 'ok thx, also ', 'great, next '],
    answers: ['oh yeah, {value}', '{value} lol', 'sorry, {value}'],
  },
  {
    name: 'detail-oriented planner',
    openers: ['Hi. ', 'Hello. ', ''],
    asks: ['I need you to {request}.', 'Please {request}.', 'First {request}.'],
    joiners: ['; second, ', '; next, ', ', followed by: '],
    followUps: ['Good. Next step: ', 'Understood. Now ', 'Confirmed. Please also '],
    answers: ['The value is {value}.', 'Use exactly {value}.', 'That would be {value}.'],
  },
  {
    name: 'anxious first-timer',
    openers: ['Hi, sorry to bother you, ', "Hello, I'm not sure how this works, but ", 'Hi, '],
    asks: ['could you help me {request}?', 'is it possible to {request}?', 'I think I need to {request}. Can you do that?'],
    joiners: [', and then maybe ', ' and after that ', ', and then '],
    followUps: ['Thank you so much! Could you also ', "Okay, that's a relief. Now can you ", 'Thanks! One more thing: '],
    answers: ['Sorry, it should be {value}.', 'I think it is {value}.', 'Oh right, {value}.'],
  },
  {
    name: 'small business owner',
    openers: ['Morning. ', 'Hi, ', ''],
    asks: ['I need to {request}.', 'Go ahead and {request}.', 'Please {request} for me.'],
    joiners: [', then ', ', and right after that ', '. After that, '],
    followUps: ['Perfect. Now ', 'Great, next I need you to ', 'OK, and '],
    answers: ['{value}.', 'Put down {value}.', 'Go with {value}.'],
  },
];
