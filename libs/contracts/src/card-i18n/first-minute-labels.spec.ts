import { FIRST_MINUTE_LABELS_EN, firstMinuteBlock } from '../first-minute-block.js';
import { offlineCardText } from '../offline-card-text.js';
import { cardTexts } from './card-texts.js';
import { firstMinuteLabels } from './first-minute-labels.js';

describe("the first-minute block's words in a responder's language", () => {
  it('are, in English, the words the block has by default', () => {
    expect(firstMinuteLabels(cardTexts('en'))).toEqual(FIRST_MINUTE_LABELS_EN);
  });

  it('give the offline text in Spanish, listed entries named in Spanish and the owner words as written', () => {
    const labels = firstMinuteLabels(cardTexts('es'));
    const source = {
      firstName: 'Layla',
      lastName: 'Haddad',
      age: 47,
      bloodGroup: 'O-',
      resuscitationStatus: 'dnr' as const,
      allergies: 'Penicillin, my cat',
      medications: 'Warfarin 5 mg',
      interpreterNeeded: true,
      emergencyContacts: [{ name: 'Omar', phone: '+44 7700 900456', relationship: 'Brother', isPrimary: true }],
    };
    const { text } = offlineCardText(firstMinuteBlock(source, 'es', labels), labels);
    expect(text.split('\n')).toEqual([
      'IDENTIFICACIÓN MÉDICA DE EMERGENCIA',
      'Nombre: Layla Haddad',
      'Edad: 47',
      `${labels.bloodGroup}: O-`,
      `${labels.resuscitation}: ${labels.resuscitationValues.dnr}`,
      `${labels.allergies}: Penicilina, my cat`,
      `${labels.bloodThinner}: Warfarin`,
      `${labels.languages}: ${labels.interpreterNeeded}`,
      `${labels.primaryContact}: Omar (Brother) +44 7700 900456`,
    ]);
  });
});
