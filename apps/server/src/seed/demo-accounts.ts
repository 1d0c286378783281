import { AuthRepository, type NewUser } from '../modules/auth/auth.repository.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { DEMO_CODES } from './demo-licences.ts';

export interface DemoAccount extends Omit<NewUser, 'password_hash'> {
  /** Who this is, for the list printed at start. */
  label: string;
  password: string;
  flags?: Record<string, boolean>;
  /** Media (of these subject areas) the account shares with its class. */
  sharesSubjects?: string[];
}

const school = 'Gesamtschule Am Stadtpark';

/** One account per role; created with the demo catalogue, never in production. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    label: 'Schülerin (Klasse 7b)',
    email: 'schuelerin@demo.medienkatalog.invalid',
    password: 'Demo-Schuelerin-2026',
    vorname: 'Mia',
    name: 'Schulz',
    role: '',
    klassen_id: '7b',
    schulname: school,
  },
  {
    label: 'Lehrkraft',
    email: 'lehrkraft@demo.medienkatalog.invalid',
    password: 'Demo-Lehrkraft-2026',
    vorname: 'Jonas',
    name: 'Becker',
    role: 'L',
    klassen_id: '7b',
    schulname: school,
    sharesSubjects: ['080', '240'],
  },
  {
    label: 'Schul-Admin',
    email: 'schuladmin@demo.medienkatalog.invalid',
    password: 'Demo-Schuladmin-2026',
    vorname: 'Sabine',
    name: 'Wolf',
    role: 'L',
    school_admin: '1',
    schulname: school,
  },
  {
    label: 'Kreis-Admin',
    email: 'kreisadmin@demo.medienkatalog.invalid',
    password: 'Demo-Kreisadmin-2026',
    vorname: 'Thomas',
    name: 'Krüger',
    role: 'L',
    district_admin: '1',
    schulname: 'Kreismedienzentrum Nord',
  },
  {
    label: 'Medienzentrum',
    email: 'medienzentrum@demo.medienkatalog.invalid',
    password: 'Demo-Medienzentrum-2026',
    vorname: 'Petra',
    name: 'Lange',
    role: 'L',
    type: 'MZ',
    context: 'mz/kreis-nord',
    schulname: 'Kreismedienzentrum Nord',
  },
  {
    label: 'Produzent (FWU Institut für Film und Bild)',
    email: 'produzent@demo.medienkatalog.invalid',
    password: 'Demo-Produzent-2026',
    vorname: 'Erik',
    name: 'Hansen',
    role: 'L',
    type: 'MZ',
    context: 'admin/fwu',
    schulname: 'FWU Institut für Film und Bild',
    flags: { media_editing: true },
  },
];

/** Creates the demo accounts that are missing; answers how many it created. */
export async function seedDemoAccounts(db: Database): Promise<number> {
  const repository = new AuthRepository(db);
  let created = 0;
  for (const { label, password, flags = {}, sharesSubjects = [], ...account } of DEMO_ACCOUNTS) {
    if (await repository.findUserByEmail(account.email)) {
      continue;
    }
    const user = await repository.createUser({
      ...account,
      password_hash: await hashPassword(password),
      confirmed: true,
    });
    if (user) {
      created += 1;
      for (const [flag, enabled] of Object.entries(flags)) {
        await repository.setFeatureFlag(user.id, flag, enabled);
      }
      if (sharesSubjects.length > 0 && account.klassen_id) {
        // Four media of each subject area for the class library.
        await db.execute(
          sql`INSERT INTO class_shares (klassen_id, media_id, shared_by)
              SELECT ${account.klassen_id}, id, ${user.id} FROM (
                SELECT m.id, row_number() OVER (PARTITION BY t.code ORDER BY m.id) AS n
                FROM media m, unnest(m.geb_top) AS t(code)
                WHERE m.fn_status = 'published'
                  AND t.code IN ${sharesSubjects}) AS picked
              WHERE n <= 4
              ON CONFLICT DO NOTHING`,
        );
      }
    }
  }
  return created;
}

/** The lines printed at start: every demo account with its password. */
export function demoAccountList(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.label.length));
  const accounts = DEMO_ACCOUNTS.map(
    (account) => `  ${account.label.padEnd(width)}  ${account.email}  ${account.password}`,
  );
  return [
    ...accounts,
    `Demo-Codes zum Einlösen unter /redeem (je ein weiterer FWU-Film): ${DEMO_CODES.join(', ')}`,
  ].join('\n');
}
