import { eq } from 'drizzle-orm';
import { encode } from 'fast-png';
import { ClientType, ReleaseType, type ReleaseNoteText } from '@archway/contract';
import type { Db } from '../platform/db/client.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { releaseNoteImages, releaseNotes } from '../modules/updates/updates.schema.ts';
import { platformSettings } from '../platform/settings/settings.schema.ts';

/** The demo image's name (a server-made name's shape: `img-<12 hex>.png`). */
export const DEMO_IMAGE = 'img-0000000a1100.png';

/**
 * A small picture of the order-form designer (480 × 240): a card with a blue header, four fields (one a dropdown),
 * and a row of teeth, some marked as the case design marks them. Drawn here so that the demo ships no binary file.
 */
export function demoFormPicture(): Uint8Array {
  const width = 480;
  const height = 240;
  const data = new Uint8Array(width * height * 4);
  const fill = (
    x0: number,
    y0: number,
    w: number,
    h: number,
    [r, g, b]: [number, number, number],
    radius = 0,
  ) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y++)
      for (let x = Math.max(0, x0); x < Math.min(width, x0 + w); x++) {
        // Rounded corners: skip the pixels outside the corner circles.
        const cx = x < x0 + radius ? x0 + radius : x >= x0 + w - radius ? x0 + w - radius - 1 : x;
        const cy = y < y0 + radius ? y0 + radius : y >= y0 + h - radius ? y0 + h - radius - 1 : y;
        if ((x - cx) ** 2 + (y - cy) ** 2 > radius * radius) continue;
        const i = (y * width + x) * 4;
        data[i] = r;
        data[i + 1] = g;
        data[i + 2] = b;
        data[i + 3] = 255;
      }
  };
  fill(0, 0, width, height, [240, 245, 255]);
  fill(24, 16, 432, 208, [255, 255, 255], 10);
  fill(24, 16, 432, 36, [22, 119, 255], 10);
  fill(24, 40, 432, 12, [22, 119, 255]);
  fill(40, 28, 120, 12, [255, 255, 255], 4);
  for (let row = 0; row < 4; row++) {
    const y = 68 + row * 30;
    fill(40, y + 4, 70 + (row % 2) * 20, 10, [140, 140, 140], 3);
    fill(140, y, 180, 20, [245, 245, 245], 4);
    fill(141, y + 1, 178, 18, row === 1 ? [230, 244, 255] : [250, 250, 250], 4);
    if (row === 1) fill(300, y + 7, 10, 6, [22, 119, 255], 2);
  }
  const marked: Record<number, [number, number, number]> = {
    2: [250, 173, 20],
    3: [250, 173, 20],
    5: [82, 196, 26],
  };
  for (let tooth = 0; tooth < 8; tooth++)
    fill(
      344 + (tooth % 4) * 24,
      72 + Math.floor(tooth / 4) * 40,
      18,
      28,
      marked[tooth] ?? [217, 217, 217],
      7,
    );
  fill(140, 192, 90, 22, [22, 119, 255], 5);
  return encode({ width, height, data, channels: 4 });
}

type Texts = { en: ReleaseNoteText; de: ReleaseNoteText } & Record<string, ReleaseNoteText>;
const item = (
  title: string,
  text: string,
  images: string[] = [],
  subContent: ReleaseNoteText['items'] = [],
) => ({
  title,
  text,
  images,
  subContent: subContent.map((s) => ({ ...s, subContent: [] })),
});

/** Archway's own recent history, as the web app's release notes (type 1). */
export const DEMO_RELEASE_NOTES: { version: string; releaseType: number; createdAt: string; texts: Texts }[] =
  [
    {
      version: '1.9.0',
      releaseType: ReleaseType.release,
      createdAt: '2026-09-14T08:00:00Z',
      texts: {
        en: {
          topic: 'Talking about a case',
          items: [
            item(
              'Comments with pictures',
              '<p>Write to the other party right on the case: text, a picture or a screenshot of the 3D preview. <strong>/caseComment</strong> lists the cases with new replies.</p>',
            ),
            item(
              'The bell',
              '<p>New cases, replies, finished orders and device changes arrive in the bell at once, on every open tab.</p>',
              [],
              [
                item('Service desk', '<p>The bell names your pre-sales or after-sales contact.</p>'),
                item(
                  'E-mail',
                  '<p>Choose in <em>Settings → E-mail subscription</em> which notices also come by mail.</p>',
                ),
              ],
            ),
          ],
        },
        de: {
          topic: 'Über einen Fall sprechen',
          items: [
            item(
              'Kommentare mit Bildern',
              '<p>Schreiben Sie der Gegenseite direkt am Fall: Text, ein Bild oder ein Bildschirmfoto der 3D-Vorschau. <strong>/caseComment</strong> listet die Fälle mit neuen Antworten.</p>',
            ),
            item(
              'Die Glocke',
              '<p>Neue Fälle, Antworten, fertige Aufträge und Geräteänderungen erscheinen sofort in der Glocke, in jedem offenen Tab.</p>',
              [],
              [
                item(
                  'Service',
                  '<p>Die Glocke nennt Ihren Ansprechpartner für Vertrieb oder Kundendienst.</p>',
                ),
                item(
                  'E-Mail',
                  '<p>Wählen Sie unter <em>Einstellungen → E-Mail-Abonnement</em>, welche Hinweise auch per Mail kommen.</p>',
                ),
              ],
            ),
          ],
        },
      },
    },
    {
      version: '1.10.0',
      releaseType: ReleaseType.release,
      createdAt: '2026-10-26T08:00:00Z',
      texts: {
        en: {
          topic: 'Order forms, case design and the model builder',
          items: [
            item(
              'Order forms',
              '<p>Labs design their own order form in <strong>/customizeOrder</strong>: text, dropdowns with sub-options, dates, switches and files, mandatory or not. Clinics fill it when they send a case.</p>',
              [DEMO_IMAGE],
            ),
            item(
              'Case design',
              '<p>Mark crowns, bridges, inlays and implants on the tooth chart, with material and VITA shade; the lab answers with its design notes.</p>',
            ),
            item(
              'Model builder and comparison',
              '<p>Turn a jaw scan into a printable model with a base, and compare two scans in colour.</p>',
              [],
              [item('Report links', '<p>Share a case report with a link that expires by itself.</p>')],
            ),
          ],
        },
        de: {
          topic: 'Auftragsformulare, Falldesign und der Modellbauer',
          items: [
            item(
              'Auftragsformulare',
              '<p>Labore gestalten ihr eigenes Auftragsformular unter <strong>/customizeOrder</strong>: Text, Auswahllisten mit Unteroptionen, Daten, Schalter und Dateien, Pflichtfeld oder nicht. Praxen füllen es beim Senden eines Falls aus.</p>',
              [DEMO_IMAGE],
            ),
            item(
              'Falldesign',
              '<p>Markieren Sie Kronen, Brücken, Inlays und Implantate im Zahnschema, mit Material und VITA-Farbe; das Labor antwortet mit seinen Designnotizen.</p>',
            ),
            item(
              'Modellbauer und Vergleich',
              '<p>Machen Sie aus einem Kieferscan ein druckbares Modell mit Sockel, und vergleichen Sie zwei Scans farbig.</p>',
              [],
              [
                item(
                  'Berichtslinks',
                  '<p>Teilen Sie einen Fallbericht mit einem Link, der von selbst abläuft.</p>',
                ),
              ],
            ),
          ],
        },
      },
    },
    {
      version: '1.11.0',
      releaseType: ReleaseType.release,
      createdAt: '2026-11-27T08:00:00Z',
      texts: {
        en: {
          topic: 'Help, update notes and client downloads',
          items: [
            item(
              'Ask the help widget',
              "<p>Type a question into the floating help button: answers come from Archway's knowledge base, in your language.</p>",
            ),
            item(
              'Update notes',
              '<p>What is new shows here once per version; open it again from the <strong>update notes</strong> icon in the top bar.</p>',
            ),
            item(
              'Scanner client downloads',
              '<p>The <strong>scanner client</strong> icon lists the installers your administrator published.</p>',
            ),
          ],
        },
        de: {
          topic: 'Hilfe, Neuigkeiten und Client-Downloads',
          items: [
            item(
              'Fragen Sie die Hilfe',
              '<p>Tippen Sie eine Frage in die schwebende Hilfe-Schaltfläche: Antworten kommen aus der Wissensdatenbank von Archway, in Ihrer Sprache.</p>',
            ),
            item(
              'Neuigkeiten',
              '<p>Was neu ist, erscheint hier einmal pro Version; öffnen Sie es erneut über das Symbol <strong>Neuigkeiten</strong> in der oberen Leiste.</p>',
            ),
            item(
              'Scanner-Client herunterladen',
              '<p>Das Symbol <strong>Scanner-Client</strong> listet die Installationsprogramme, die Ihr Administrator veröffentlicht hat.</p>',
            ),
          ],
        },
      },
    },
  ];

const MARKER = 'demo.releaseNotes';

/**
 * The demo's release notes (with the designer's picture on 1.10.0), once: insert-unless-present per note, then a
 * marker row (`demo.releaseNotes`) ends the seeding for good, so a note an administrator changed stays as it is and
 * one deleted stays deleted. The image row is written in the note's transaction, so a failed start leaves no note
 * without its picture (and no marker: the next start completes the notes).
 */
export async function seedDemoUpdates(db: Db, storage: Storage): Promise<void> {
  const [done] = await db
    .select({ key: platformSettings.key })
    .from(platformSettings)
    .where(eq(platformSettings.key, MARKER));
  if (done) return;
  for (const note of DEMO_RELEASE_NOTES) {
    await db.transaction(async (tx) => {
      const made = await tx
        .insert(releaseNotes)
        .values({
          type: ClientType.web,
          version: note.version,
          releaseType: note.releaseType,
          content: note.texts,
          createdAt: new Date(note.createdAt),
          updatedAt: new Date(note.createdAt),
        })
        .onConflictDoNothing()
        .returning({ version: releaseNotes.version });
      if (!made.length) return;
      const images = [...new Set(JSON.stringify(note.texts).match(/img-[0-9a-f]{12}\.png/g) ?? [])];
      for (const name of images) {
        const bytes = demoFormPicture();
        const storageKey = `release-notes/demo-${note.version.replaceAll('.', '-')}-${name.slice(4, 16)}`;
        const stored = await storage.put(storageKey, Buffer.from(bytes), { contentType: 'image/png' });
        await tx.insert(releaseNoteImages).values({
          type: ClientType.web,
          version: note.version,
          name,
          storageKey,
          contentType: 'image/png',
          size: stored.size,
        });
      }
    });
  }
  await db
    .insert(platformSettings)
    .values({ key: MARKER, value: { notes: DEMO_RELEASE_NOTES.length } })
    .onConflictDoNothing();
}
