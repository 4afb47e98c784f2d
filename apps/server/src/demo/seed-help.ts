import type { Db } from '../platform/db/client.ts';
import { htmlText, sanitizeHtml } from '../platform/sanitize.ts';
import { helpArticles, helpArticleTexts } from '../modules/help/help.schema.ts';
import { platformSettings } from '../platform/settings/settings.schema.ts';

type Text = { title: string; content: string };
interface DemoArticle {
  id: string;
  en: Text;
  de: Text;
  zh: Text;
}

const id = (n: number) => `6d1e1f00-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * The demo knowledge base: what the help widget answers out of the box, in English, German and Chinese, written
 * against what Archway really does (the screens' own words in each language).
 */
export const DEMO_HELP_ARTICLES: DemoArticle[] = [
  {
    id: id(1),
    en: {
      title: 'Binding a scanner to your organization',
      content: `<p>A scanner must be bound to your organization before its scans reach Archway.</p>
<ol>
<li>Open <strong>My devices</strong> and choose the tab <strong>Register device</strong>.</li>
<li>Enter the <strong>Serial number</strong> and the <strong>Bind code</strong>. Both are printed on the card that came with the scanner.</li>
<li>The <strong>Device name</strong> is suggested from the serial number (C… is a P3, E… the smart model, anything else a P2); you may change it and add a description.</li>
<li>Under <strong>More options</strong>, choose the <strong>Default decryption format</strong> (PLY or STL).</li>
<li>Click <strong>Bind device</strong>.</li>
</ol>
<p>A lab that binds a scanner automatically receives its scans for all three case types. A clinic chooses next who receives them (see “Choosing who receives your scans”).</p>
<p>If the scanner is already registered to another organization, ask its owner to unbind or transfer it. After ten wrong bind codes within an hour, binding is paused for an hour.</p>`,
    },
    de: {
      title: 'Einen Scanner an Ihre Organisation binden',
      content: `<p>Ein Scanner muss an Ihre Organisation gebunden sein, bevor seine Scans Archway erreichen.</p>
<ol>
<li>Öffnen Sie <strong>Meine Geräte</strong> und wählen Sie den Reiter <strong>Gerät registrieren</strong>.</li>
<li>Geben Sie <strong>Seriennummer</strong> und <strong>Bindungscode</strong> ein. Beide stehen auf der Karte, die dem Scanner beiliegt.</li>
<li>Der <strong>Gerätename</strong> wird aus der Seriennummer vorgeschlagen (C… ist ein P3, E… das Smart-Modell, alles andere ein P2); Sie können ihn ändern und eine Beschreibung ergänzen.</li>
<li>Wählen Sie unter <strong>Weitere Optionen</strong> das <strong>Standard-Entschlüsselungsformat</strong> (PLY oder STL).</li>
<li>Klicken Sie auf <strong>Gerät binden</strong>.</li>
</ol>
<p>Ein Labor, das einen Scanner bindet, empfängt dessen Scans automatisch für alle drei Falltypen. Eine Praxis legt danach fest, wer die Scans empfängt (siehe „Empfänger Ihrer Scans festlegen“).</p>
<p>Ist der Scanner bereits bei einer anderen Organisation registriert, bitten Sie deren Inhaber, ihn zu entbinden oder zu übertragen. Nach zehn falschen Bindungscodes innerhalb einer Stunde ist das Binden eine Stunde lang gesperrt.</p>`,
    },
    zh: {
      title: '将扫描仪绑定到您的机构',
      content: `<p>扫描仪必须先绑定到您的机构，扫描数据才能上传到 Archway。</p>
<ol>
<li>打开<strong>我的设备</strong>，选择<strong>注册设备</strong>标签页。</li>
<li>输入<strong>序列号</strong>和<strong>绑定码</strong>，两者都印在扫描仪随附的卡片上。</li>
<li><strong>设备名称</strong>会根据序列号自动建议（C 开头为 P3，E 开头为智能型号，其他为 P2），您可以修改并填写描述。</li>
<li>在<strong>更多选项</strong>中选择<strong>默认解密格式</strong>（PLY 或 STL）。</li>
<li>点击<strong>绑定设备</strong>。</li>
</ol>
<p>技工所绑定扫描仪后，会自动成为该设备三种病例类型的接收方。诊所则需要接着设置由谁接收扫描数据（见“设置扫描数据的接收方”）。</p>
<p>如果扫描仪已注册在其他机构名下，请联系其所有者解绑或转让。一小时内输错十次绑定码后，绑定将暂停一小时。</p>`,
    },
  },
  {
    id: id(2),
    en: {
      title: 'Choosing who receives your scans (data transfer)',
      content: `<p>Each scanner sends its cases to the receivers you choose, separately for orthodontics, implant and restoration cases.</p>
<ol>
<li>Open <strong>My devices</strong>, find the scanner and click <strong>Data transfer</strong>.</li>
<li>Search the lab or clinic by name, e-mail or phone (what can be found depends on its privacy settings).</li>
<li>Tick the case types it should receive, add a note if you like, and click <strong>Add receiver</strong>.</li>
</ol>
<p>From then on every case of those types scanned with this device lands in the receiver's <strong>Cases</strong>. A receiver tagged <strong>Cannot receive</strong> failed its certification or its routing expired. Deleting a receiver asks for confirmation; only the account that added an entry (or the device's owner) may delete it.</p>
<p>If a device has no receiver for a case type, the case stays with you only. The dashboard lists devices whose scans go nowhere.</p>`,
    },
    de: {
      title: 'Empfänger Ihrer Scans festlegen (Datenübertragung)',
      content: `<p>Jeder Scanner sendet seine Fälle an die Empfänger, die Sie festlegen – getrennt für Kieferorthopädie-, Implantat- und Restaurationsfälle.</p>
<ol>
<li>Öffnen Sie <strong>Meine Geräte</strong>, suchen Sie den Scanner und klicken Sie auf <strong>Datenübertragung</strong>.</li>
<li>Suchen Sie das Labor oder die Praxis nach Name, E-Mail oder Telefonnummer (was gefunden wird, hängt von deren Datenschutzeinstellungen ab).</li>
<li>Haken Sie die Falltypen an, die es empfangen soll, ergänzen Sie bei Bedarf eine Notiz und klicken Sie auf <strong>Empfänger hinzufügen</strong>.</li>
</ol>
<p>Ab dann erscheint jeder Fall dieser Typen, der mit dem Gerät gescannt wird, unter <strong>Fälle</strong> beim Empfänger. Ein Empfänger mit dem Hinweis <strong>Kann nicht empfangen</strong> hat die Zertifizierung nicht bestanden oder seine Weiterleitung ist abgelaufen. Das Löschen eines Empfängers muss bestätigt werden; nur das Konto, das den Eintrag angelegt hat (oder der Inhaber des Geräts), darf ihn löschen.</p>
<p>Hat ein Gerät für einen Falltyp keinen Empfänger, bleibt der Fall nur bei Ihnen. Die Startseite zeigt Geräte, deren Scans nirgendwohin gehen.</p>`,
    },
    zh: {
      title: '设置扫描数据的接收方（数据传输）',
      content: `<p>每台扫描仪会把病例发送给您选择的接收方，正畸、种植和修复三种病例类型分别设置。</p>
<ol>
<li>打开<strong>我的设备</strong>，找到该扫描仪，点击<strong>数据传输</strong>。</li>
<li>按名称、邮箱或电话搜索技工所或诊所（能否搜到取决于对方的隐私设置）。</li>
<li>勾选它要接收的病例类型，可填写备注，然后点击<strong>添加接收方</strong>。</li>
</ol>
<p>此后，该设备扫描的这些类型的病例都会出现在接收方的<strong>病例管理</strong>中。标有<strong>无法接收</strong>的接收方未通过认证或接收期限已过。删除接收方需要确认；只有添加该条目的账号（或设备所有者）可以删除。</p>
<p>如果某种病例类型没有接收方，病例只保留在您这里。首页会列出扫描数据无人接收的设备。</p>`,
    },
  },
  {
    id: id(3),
    en: {
      title: 'Sending a case: from the scanner or with the web import',
      content: `<p><strong>From the scanner:</strong> open the studio software on the scanner workstation, sign in with your Archway account and scan. The software uploads the case with its case type, and the receivers you chose for that type find it in their <strong>Cases</strong>.</p>
<p><strong>With the web import</strong> (scan files you already have):</p>
<ol>
<li>Open <strong>Cases</strong> and click <strong>Import case</strong>.</li>
<li>Drop the PLY, STL or OBJ files (upper jaw, lower jaw, bite may belong to one case).</li>
<li>Choose the device under <strong>Sent with device</strong>: the case goes to that device's receivers, as if it had been scanned.</li>
<li>Enter the patient's name and the case type; <strong>More order details</strong> holds doctor, due date, teeth and remarks. If the receiving lab has an order form, fill its mandatory fields.</li>
<li>Click <strong>Import</strong>.</li>
</ol>
<p>A dropped connection does not lose the upload: importing the same file again continues where it stopped. Devices that encrypt their data cannot be used for the web import; send those cases from the scanner.</p>`,
    },
    de: {
      title: 'Einen Fall senden: vom Scanner oder per Web-Import',
      content: `<p><strong>Vom Scanner:</strong> Öffnen Sie die Studio-Software am Scanner-Arbeitsplatz, melden Sie sich mit Ihrem Archway-Konto an und scannen Sie. Die Software lädt den Fall mit seinem Falltyp hoch, und die Empfänger, die Sie für diesen Typ festgelegt haben, finden ihn unter <strong>Fälle</strong>.</p>
<p><strong>Per Web-Import</strong> (vorhandene Scandateien):</p>
<ol>
<li>Öffnen Sie <strong>Fälle</strong> und klicken Sie auf <strong>Fall importieren</strong>.</li>
<li>Ziehen Sie die PLY-, STL- oder OBJ-Dateien hinein (Oberkiefer, Unterkiefer und Biss können zu einem Fall gehören).</li>
<li>Wählen Sie unter <strong>Gesendet mit Gerät</strong> das Gerät: Der Fall geht an dessen Empfänger, als wäre er gescannt worden.</li>
<li>Geben Sie Patientennamen und Falltyp ein; unter <strong>Weitere Auftragsangaben</strong> stehen Arzt, Fälligkeitsdatum, Zähne und Bemerkungen. Hat das empfangende Labor ein Auftragsformular, füllen Sie dessen Pflichtfelder aus.</li>
<li>Klicken Sie auf <strong>Importieren</strong>.</li>
</ol>
<p>Bricht die Verbindung ab, geht der Upload nicht verloren: Importieren Sie dieselbe Datei erneut, wird dort fortgesetzt, wo er stehen blieb. Geräte, die ihre Daten verschlüsseln, können nicht für den Web-Import verwendet werden; senden Sie diese Fälle vom Scanner.</p>`,
    },
    zh: {
      title: '发送病例：从扫描仪发送或网页导入',
      content: `<p><strong>从扫描仪发送：</strong>在扫描仪工作站上打开扫描软件，用您的 Archway 账号登录后扫描。软件会按病例类型上传病例，您为该类型设置的接收方会在<strong>病例管理</strong>中收到。</p>
<p><strong>网页导入</strong>（已有的扫描文件）：</p>
<ol>
<li>打开<strong>病例管理</strong>，点击<strong>导入病例</strong>。</li>
<li>拖入 PLY、STL 或 OBJ 文件（上颌、下颌和咬合可属于同一病例）。</li>
<li>在<strong>发送设备</strong>中选择设备：病例会发给该设备的接收方，与扫描上传的效果相同。</li>
<li>填写患者姓名和病例类型；<strong>更多订单信息</strong>中可填写医生、交付日期、牙位和备注。如果接收的技工所设置了订单表单，请填写其必填项。</li>
<li>点击<strong>导入</strong>。</li>
</ol>
<p>网络中断不会丢失上传进度：再次导入同一文件会从中断处继续。加密数据的设备不能用于网页导入，请从扫描仪发送这些病例。</p>`,
    },
  },
  {
    id: id(4),
    en: {
      title: 'The case box: finding, downloading and printing cases',
      content: `<p><strong>Cases</strong> lists every case your organization sent or received as cards: preview image, patient, the other party, dentist, case type and direction. Search by patient, dentist or partner, and use <strong>Filters</strong> for direction, dates and download state. <strong>Not downloaded</strong> shows only the received cases nobody has downloaded yet.</p>
<ul>
<li><strong>Download</strong> saves all of a case's files as one zip archive; the ring shows the progress.</li>
<li><strong>Details</strong> shows patient, doctor, dates, teeth, the order form and every file, each downloadable on its own.</li>
<li><strong>Print</strong> prints a full A4 sheet or a 100 × 62 mm box label.</li>
<li>A lab sets its <strong>Lab progress</strong> (received, checked in, processing, sent, finished); the clinic sees each lab's progress.</li>
</ul>
<p>A lab must be certified (verified) to download received cases and set their progress. Some servers limit how often a case may be downloaded or how long its files are kept.</p>`,
    },
    de: {
      title: 'Der Fallkorb: Fälle finden, herunterladen und drucken',
      content: `<p><strong>Fälle</strong> zeigt jeden Fall, den Ihre Organisation gesendet oder empfangen hat, als Karte: Vorschaubild, Patient, Gegenseite, Zahnarzt, Falltyp und Richtung. Suchen Sie nach Patient, Zahnarzt oder Partner und nutzen Sie <strong>Filter</strong> für Richtung, Datum und Download-Status. <strong>Nicht heruntergeladen</strong> zeigt nur empfangene Fälle, die noch niemand heruntergeladen hat.</p>
<ul>
<li><strong>Herunterladen</strong> speichert alle Dateien eines Falls als ein ZIP-Archiv; der Ring zeigt den Fortschritt.</li>
<li><strong>Details</strong> zeigt Patient, Arzt, Daten, Zähne, das Auftragsformular und jede Datei, die sich einzeln herunterladen lässt.</li>
<li><strong>Drucken</strong> druckt ein ganzes A4-Blatt oder ein Boxetikett im Format 100 × 62 mm.</li>
<li>Ein Labor setzt seinen <strong>Laborfortschritt</strong> (empfangen, eingecheckt, in Bearbeitung, versendet, fertig); die Praxis sieht den Fortschritt jedes Labors.</li>
</ul>
<p>Ein Labor muss zertifiziert (verifiziert) sein, um empfangene Fälle herunterzuladen und ihren Fortschritt zu setzen. Manche Server begrenzen, wie oft ein Fall heruntergeladen werden darf oder wie lange seine Dateien aufbewahrt werden.</p>`,
    },
    zh: {
      title: '病例管理：查找、下载和打印病例',
      content: `<p><strong>病例管理</strong>以卡片形式列出您的机构发送或接收的所有病例：预览图、患者、对方机构、医生、病例类型和方向。可按患者、医生或合作方搜索，并用<strong>筛选</strong>按方向、日期和下载状态过滤。<strong>未下载病例</strong>只显示尚未有人下载的已接收病例。</p>
<ul>
<li><strong>下载</strong>会把病例的全部文件保存为一个 zip 压缩包，圆环显示进度。</li>
<li><strong>详情</strong>显示患者、医生、日期、牙位、订单表单以及每个文件，文件可单独下载。</li>
<li><strong>打印</strong>可打印整张 A4 病例单或 100 × 62 mm的盒标签。</li>
<li>技工所可设置<strong>加工进度</strong>（已接收、已登记、加工中、已发出、已完成）；诊所可看到每个技工所的进度。</li>
</ul>
<p>技工所必须通过认证，才能下载接收的病例并设置进度。部分服务器会限制病例的下载次数或文件保存期限。</p>`,
    },
  },
  {
    id: id(5),
    en: {
      title: 'Converting a scan to PLY or STL',
      content: `<p>Your design software may need another format than the scanner delivered. On the case card choose <strong>Convert format</strong> and pick the target:</p>
<ul>
<li><strong>PLY texture</strong>: true colour, smaller file.</li>
<li><strong>STL</strong>: larger file, shown in plaster colour (STL keeps no colour).</li>
</ul>
<p>Click <strong>Convert</strong>. The conversion runs on the server; you may close the dialog and come back, and you are notified when it is done. The converted files are added to the case: download them from the dialog or from the case's details. Converting again to the same format replaces the earlier result.</p>
<p>Only one conversion of a case runs at a time. Encrypted cases cannot be converted online. PLY colour can no longer be chosen.</p>`,
    },
    de: {
      title: 'Einen Scan in PLY oder STL konvertieren',
      content: `<p>Ihre Konstruktionssoftware braucht vielleicht ein anderes Format, als der Scanner geliefert hat. Wählen Sie auf der Fallkarte <strong>Format konvertieren</strong> und das Zielformat:</p>
<ul>
<li><strong>PLY-Textur</strong>: Echtfarbe, kleinere Datei.</li>
<li><strong>STL</strong>: größere Datei, in Gipsfarbe dargestellt (STL speichert keine Farbe).</li>
</ul>
<p>Klicken Sie auf <strong>Konvertieren</strong>. Die Konvertierung läuft auf dem Server; Sie können den Dialog schließen und später zurückkehren und werden benachrichtigt, wenn sie fertig ist. Die konvertierten Dateien werden dem Fall hinzugefügt: Laden Sie sie im Dialog oder in den Details des Falls herunter. Eine erneute Konvertierung in dasselbe Format ersetzt das frühere Ergebnis.</p>
<p>Pro Fall läuft immer nur eine Konvertierung. Verschlüsselte Fälle können nicht online konvertiert werden. PLY-Farbe ist nicht mehr wählbar.</p>`,
    },
    zh: {
      title: '将扫描数据转换为 PLY 或 STL',
      content: `<p>您的设计软件可能需要与扫描仪不同的格式。在病例卡片上选择<strong>格式转换</strong>，然后选择目标格式：</p>
<ul>
<li><strong>PLY 纹理</strong>：真彩色，文件较小。</li>
<li><strong>STL</strong>：文件较大，显示为石膏色（STL 不保存颜色）。</li>
</ul>
<p>点击<strong>转换</strong>。转换在服务器上进行；您可以关闭对话框稍后再来，完成后会收到通知。转换后的文件会添加到病例中，可在对话框或病例详情中下载。再次转换为同一格式会替换之前的结果。</p>
<p>同一病例同时只能进行一个转换。加密病例无法在线转换。PLY 彩色格式已不可选。</p>`,
    },
  },
  {
    id: id(6),
    en: {
      title: 'The 3D preview of a scan',
      content: `<p>Hover a case card (or tap it on a phone) and choose <strong>Preview</strong> to see the scan in 3D in your browser.</p>
<ul>
<li>Drag to rotate, scroll or pinch to zoom, right-drag or drag with two fingers to pan.</li>
<li>Show or hide the upper and lower jaw, switch between <strong>True colour</strong> and <strong>Plaster</strong>, and change the <strong>Opacity</strong>.</li>
<li><strong>Reset view</strong> brings the scan back to the start; <strong>Screenshot</strong> saves a PNG picture, which you can add to the case's comments.</li>
</ul>
<p>The preview is available for 90 days after the case was uploaded. Encrypted cases cannot be previewed, and a receiving lab needs certification. The browser must support WebGL.</p>`,
    },
    de: {
      title: 'Die 3D-Vorschau eines Scans',
      content: `<p>Fahren Sie mit der Maus über eine Fallkarte (auf dem Telefon: tippen) und wählen Sie <strong>Vorschau</strong>, um den Scan im Browser in 3D zu sehen.</p>
<ul>
<li>Ziehen dreht, Mausrad oder zwei Finger zoomen, Ziehen mit der rechten Maustaste oder mit zwei Fingern verschiebt.</li>
<li>Blenden Sie Ober- und Unterkiefer ein oder aus, wechseln Sie zwischen <strong>Echtfarbe</strong> und <strong>Gips</strong> und ändern Sie die <strong>Deckkraft</strong>.</li>
<li><strong>Ansicht zurücksetzen</strong> stellt die Anfangsansicht wieder her; <strong>Bildschirmfoto</strong> speichert ein PNG-Bild, das Sie zu den Kommentaren des Falls hinzufügen können.</li>
</ul>
<p>Die Vorschau steht 90 Tage nach dem Hochladen des Falls zur Verfügung. Verschlüsselte Fälle lassen sich nicht anzeigen, und ein empfangendes Labor braucht eine Zertifizierung. Der Browser muss WebGL unterstützen.</p>`,
    },
    zh: {
      title: '扫描数据的 3D 预览',
      content: `<p>将鼠标悬停在病例卡片上（手机上点按卡片），选择<strong>预览</strong>，即可在浏览器中查看 3D 扫描。</p>
<ul>
<li>拖动旋转，滚轮或双指缩放，右键拖动或双指拖动平移。</li>
<li>可显示或隐藏上颌、下颌，在<strong>真彩色</strong>和<strong>石膏色</strong>之间切换，并调整<strong>不透明度</strong>。</li>
<li><strong>重置视图</strong>恢复初始视角；<strong>截图</strong>保存一张 PNG 图片，并可添加到病例评论中。</li>
</ul>
<p>病例上传后 90 天内可以预览。加密病例无法预览，接收方技工所需要通过认证。浏览器须支持 WebGL。</p>`,
    },
  },
  {
    id: id(7),
    en: {
      title: 'Commenting on a case',
      content: `<p>Clinic and lab talk about a case in its comments. Choose <strong>Comment</strong> on the case card, type your message and click <strong>Send</strong> (Enter sends, Shift+Enter starts a new line). Attach an <strong>Image</strong> (jpg, png or gif, at most 10 MB) or paste a screenshot.</p>
<p>Every organization holding the case — the sender, the receivers and a forwarded third party — reads and writes the same thread. The others are notified by the bell. <strong>Order comments</strong> lists the cases with comments, with a badge counting new replies.</p>
<p>Cases older than 90 days can still be read but no longer commented on.</p>`,
    },
    de: {
      title: 'Einen Fall kommentieren',
      content: `<p>Praxis und Labor besprechen einen Fall in seinen Kommentaren. Wählen Sie auf der Fallkarte <strong>Kommentieren</strong>, schreiben Sie Ihre Nachricht und klicken Sie auf <strong>Senden</strong> (Enter sendet, Umschalt+Enter beginnt eine neue Zeile). Hängen Sie ein <strong>Bild</strong> an (jpg, png oder gif, höchstens 10 MB) oder fügen Sie ein Bildschirmfoto ein.</p>
<p>Jede Organisation, die den Fall hat – Absender, Empfänger und ein weitergeleiteter Dritter –, liest und schreibt denselben Verlauf. Die anderen werden über die Glocke benachrichtigt. <strong>Auftragskommentare</strong> listet die Fälle mit Kommentaren, mit einem Zähler für neue Antworten.</p>
<p>Fälle, die älter als 90 Tage sind, lassen sich noch lesen, aber nicht mehr kommentieren.</p>`,
    },
    zh: {
      title: '评论病例',
      content: `<p>诊所和技工所通过病例评论进行沟通。在病例卡片上选择<strong>评论</strong>，输入内容后点击<strong>发送</strong>（Enter 发送，Shift+Enter 换行）。可以附加<strong>图片</strong>（jpg、png 或 gif，最大 10 MB），也可以直接粘贴截图。</p>
<p>持有该病例的所有机构——发送方、接收方以及被转发的第三方——都在同一个评论串中阅读和回复，其他方会通过铃铛收到通知。<strong>病例评论</strong>列出有评论的病例，并用角标显示新回复数。</p>
<p>超过 90 天的病例仍可查看评论，但不能再发表评论。</p>`,
    },
  },
  {
    id: id(8),
    en: {
      title: 'Lending a scanner to another organization (authorization)',
      content: `<p>The owner of a scanner can let another organization use it for a period.</p>
<ol>
<li>In <strong>My devices</strong> choose <strong>Authorize</strong> on the scanner.</li>
<li>Pick the organization, enter the scanner's bind code and choose how long it is valid (today, 7 or 15 days, 1, 3 or 6 months, 1 or 5 years, or permanent).</li>
</ol>
<p>The tab <strong>Authorized devices</strong> shows what you lent (<strong>Lent by me</strong>) and what others lent you (<strong>Lent to me</strong>). The owner can <strong>Change time</strong>, <strong>Recall</strong> an authorization, <strong>Restore</strong> it later, or extend several at once with <strong>Extend selected</strong>. Both sides are reminded by e-mail and the bell seven days before an authorization ends.</p>
<p>While lent, the borrower chooses where its own scans go and may add its members as device users. When the authorization ends or is recalled, the receivers and device users the borrower added are removed. A lent scanner cannot be unbound.</p>`,
    },
    de: {
      title: 'Einen Scanner an eine andere Organisation verleihen (Autorisierung)',
      content: `<p>Der Inhaber eines Scanners kann einer anderen Organisation erlauben, ihn für einen Zeitraum zu nutzen.</p>
<ol>
<li>Wählen Sie unter <strong>Meine Geräte</strong> beim Scanner <strong>Autorisieren</strong>.</li>
<li>Wählen Sie die Organisation, geben Sie den Bindungscode des Scanners ein und legen Sie die Gültigkeit fest (heute, 7 oder 15 Tage, 1, 3 oder 6 Monate, 1 oder 5 Jahre oder unbefristet).</li>
</ol>
<p>Der Reiter <strong>Autorisierte Geräte</strong> zeigt, was Sie verliehen haben (<strong>Von mir verliehen</strong>) und was andere Ihnen verliehen haben (<strong>An mich verliehen</strong>). Der Inhaber kann die <strong>Zeit ändern</strong>, eine Autorisierung <strong>zurückrufen</strong>, sie später <strong>wiederherstellen</strong> oder mehrere zugleich mit <strong>Auswahl verlängern</strong> verlängern. Sieben Tage vor dem Ende einer Autorisierung werden beide Seiten per E-Mail und Glocke erinnert.</p>
<p>Während der Leihe legt der Entleiher fest, wohin seine eigenen Scans gehen, und kann seine Mitglieder als Gerätebenutzer hinzufügen. Endet die Autorisierung oder wird sie zurückgerufen, werden die vom Entleiher angelegten Empfänger und Gerätebenutzer entfernt. Ein verliehener Scanner kann nicht entbunden werden.</p>`,
    },
    zh: {
      title: '将扫描仪授权给其他机构使用',
      content: `<p>扫描仪的所有者可以让其他机构在一段时间内使用该设备。</p>
<ol>
<li>在<strong>我的设备</strong>中，对该扫描仪选择<strong>授权</strong>。</li>
<li>选择机构，输入扫描仪的绑定码，并选择有效期（今天、7 天、15 天、1 个月、3 个月、6 个月、1 年、5 年或永久）。</li>
</ol>
<p><strong>授权设备</strong>标签页显示您授权出去的设备（<strong>我授权的</strong>）和别人授权给您的设备（<strong>授权给我的</strong>）。所有者可以<strong>修改时间</strong>、<strong>收回</strong>授权、之后再<strong>恢复</strong>，或用<strong>批量延期</strong>一次延长多个授权。授权到期前七天，双方都会收到邮件和铃铛提醒。</p>
<p>授权期间，被授权方可以设置自己扫描数据的接收方，并添加本机构成员为设备用户。授权到期或被收回后，被授权方添加的接收方和设备用户会被移除。处于授权期内的扫描仪不能解绑。</p>`,
    },
  },
  {
    id: id(9),
    en: {
      title: 'Privacy: who sees your contact details and who can find you',
      content: `<p>Open <strong>Settings</strong> (the gear in the top bar).</p>
<ul>
<li><strong>Privacy</strong> decides which contact details of your organization other organizations see in search results, receiver lists and partners: <strong>E-mail address</strong>, <strong>Phone number</strong> and <strong>Address</strong>. Switching <strong>Show my contact details</strong> off hides everything and stops others from finding your organization by name, phone or e-mail.</li>
<li><strong>Who can find me</strong> decides whether others can find you and your organization by e-mail, phone or name when they authorize, transfer or choose a receiver.</li>
</ul>
<p>Only the organization's administrator can change the organization's settings; members of your own organization always see everything. Searches for people are exact: nobody can browse the list of users.</p>`,
    },
    de: {
      title: 'Datenschutz: wer Ihre Kontaktdaten sieht und wer Sie finden kann',
      content: `<p>Öffnen Sie die <strong>Einstellungen</strong> (das Zahnrad in der oberen Leiste).</p>
<ul>
<li><strong>Datenschutz</strong> legt fest, welche Kontaktdaten Ihrer Organisation andere Organisationen in Suchergebnissen, Empfängerlisten und Partnern sehen: <strong>E-Mail-Adresse</strong>, <strong>Telefonnummer</strong> und <strong>Adresse</strong>. Schalten Sie <strong>Meine Kontaktdaten anzeigen</strong> aus, wird alles verborgen und niemand findet Ihre Organisation mehr über Name, Telefon oder E-Mail.</li>
<li><strong>Wer mich finden kann</strong> legt fest, ob andere Sie und Ihre Organisation über E-Mail, Telefon oder Name finden können, wenn sie autorisieren, übertragen oder einen Empfänger wählen.</li>
</ul>
<p>Nur der Administrator der Organisation kann deren Einstellungen ändern; Mitglieder Ihrer eigenen Organisation sehen immer alles. Die Personensuche ist exakt: Niemand kann die Liste der Benutzer durchblättern.</p>`,
    },
    zh: {
      title: '隐私：谁能看到您的联系方式、谁能搜索到您',
      content: `<p>打开<strong>设置</strong>（顶栏中的齿轮图标）。</p>
<ul>
<li><strong>隐私</strong>决定其他机构在搜索结果、接收方列表和合作伙伴中能看到您机构的哪些联系方式：<strong>邮箱地址</strong>、<strong>电话号码</strong>和<strong>地址</strong>。关闭<strong>公开我的联系方式</strong>会隐藏全部信息，其他机构也无法再通过名称、电话或邮箱找到您的机构。</li>
<li><strong>谁能找到我</strong>决定他人在授权、转让或选择接收方时，能否通过邮箱、电话或名称找到您和您的机构。</li>
</ul>
<p>只有机构管理员可以修改机构的设置；本机构成员始终可以看到全部信息。人员搜索为精确匹配，任何人都无法浏览用户列表。</p>`,
    },
  },
  {
    id: id(10),
    en: {
      title: 'Order forms: what a clinic fills in for your lab',
      content: `<p>A lab can design the order form clinics fill in when they send it a case. Open <strong>Order customization</strong> (shown when this screen is switched on for your organization; ask Archway's service to switch it on).</p>
<ol>
<li>Click <strong>Add field</strong>, give it a name and a type (input box, dropdown, date, radio, checkbox, switch or file) and tick <strong>Mandatory</strong> if it must be filled. Choice fields need options; an option may have sub-options.</li>
<li>Order the fields, and try the form in the preview beside the list.</li>
<li>Click <strong>Synchronize</strong>: the draft is published as a new version, and clinics fill it from then on.</li>
</ol>
<p><strong>Reset to standard form</strong> starts again from the standard fields (doctor, clinic, phone, patient name, gender, age, due date, remark, tooth colour …). A case keeps the version it was sent with. Members may look; the organization's administrator changes the form.</p>`,
    },
    de: {
      title: 'Auftragsformulare: was eine Praxis für Ihr Labor ausfüllt',
      content: `<p>Ein Labor kann das Auftragsformular gestalten, das Praxen beim Senden eines Falls ausfüllen. Öffnen Sie <strong>Auftragsformular anpassen</strong> (sichtbar, wenn diese Seite für Ihre Organisation eingeschaltet ist; bitten Sie den Archway-Service darum).</p>
<ol>
<li>Klicken Sie auf <strong>Feld hinzufügen</strong>, geben Sie Name und Typ an (Eingabefeld, Auswahlliste, Datum, Optionsfeld, Kontrollkästchen, Schalter oder Datei) und haken Sie <strong>Pflichtfeld</strong> an, wenn es ausgefüllt werden muss. Auswahlfelder brauchen Optionen; eine Option kann Unteroptionen haben.</li>
<li>Ordnen Sie die Felder und probieren Sie das Formular in der Vorschau neben der Liste aus.</li>
<li>Klicken Sie auf <strong>Synchronisieren</strong>: Der Entwurf wird als neue Version veröffentlicht, und Praxen füllen ab dann diese aus.</li>
</ol>
<p><strong>Auf Standardformular zurücksetzen</strong> beginnt neu mit den Standardfeldern (Arzt, Praxis, Telefon, Patientenname, Geschlecht, Alter, Fälligkeitsdatum, Bemerkung, Zahnfarbe …). Ein Fall behält die Version, mit der er gesendet wurde. Mitglieder können das Formular ansehen; ändern kann es der Administrator der Organisation.</p>`,
    },
    zh: {
      title: '订单表单：诊所向您的技工所发单时填写的内容',
      content: `<p>技工所可以设计诊所发送病例时填写的订单表单。打开<strong>订单表单定制</strong>（该页面为您的机构开启后才会显示；如需开启请联系 Archway 客服）。</p>
<ol>
<li>点击<strong>添加字段</strong>，填写名称并选择类型（输入框、下拉框、日期、单选、多选、开关或文件），必须填写的字段请勾选<strong>必填</strong>。选择类字段需要选项，选项下还可以有子选项。</li>
<li>调整字段顺序，并在列表旁的预览中试填表单。</li>
<li>点击<strong>同步</strong>：草稿发布为新版本，此后诊所填写新版本。</li>
</ol>
<p><strong>重置为标准表单</strong>会从标准字段（医生、诊所、电话、患者姓名、性别、年龄、交付日期、备注、牙色……）重新开始。病例会保留发送时所用的版本。成员可以查看，机构管理员可以修改表单。</p>`,
    },
  },
  {
    id: id(11),
    en: {
      title: 'The recycle bin: deleting and restoring cases',
      content: `<p>Select one or more cases in <strong>Cases</strong> and choose <strong>Move to bin</strong>. They move to the <strong>Recycle bin</strong> of your organization only: the other party keeps its own copy.</p>
<ul>
<li><strong>Restore</strong> brings a case back to your cases.</li>
<li><strong>Delete permanently</strong> removes the selected cases; <strong>Empty the bin</strong> removes all of them. Both ask for confirmation and cannot be undone.</li>
</ul>
<p>A case's files are deleted once no organization keeps the case any more. Moving a case to the bin does not change your statistics: the upload still counts. To stop a case you sent before any lab works on it, use <strong>Cancel case</strong> instead.</p>`,
    },
    de: {
      title: 'Der Papierkorb: Fälle löschen und wiederherstellen',
      content: `<p>Wählen Sie unter <strong>Fälle</strong> einen oder mehrere Fälle aus und wählen Sie <strong>In den Papierkorb</strong>. Sie landen nur im <strong>Papierkorb</strong> Ihrer Organisation: Die Gegenseite behält ihre eigene Kopie.</p>
<ul>
<li><strong>Wiederherstellen</strong> holt einen Fall zurück zu Ihren Fällen.</li>
<li><strong>Endgültig löschen</strong> entfernt die ausgewählten Fälle; <strong>Papierkorb leeren</strong> entfernt alle. Beides muss bestätigt werden und lässt sich nicht rückgängig machen.</li>
</ul>
<p>Die Dateien eines Falls werden gelöscht, sobald keine Organisation den Fall mehr behält. Ein Fall im Papierkorb ändert Ihre Statistik nicht: Der Upload zählt weiterhin. Um einen gesendeten Fall zu stoppen, bevor ein Labor daran arbeitet, verwenden Sie stattdessen <strong>Fall stornieren</strong>.</p>`,
    },
    zh: {
      title: '回收站：删除和恢复病例',
      content: `<p>在<strong>病例管理</strong>中选择一个或多个病例，然后选择<strong>移至回收站</strong>。病例只会进入您机构的<strong>回收站</strong>，对方机构仍保留自己的副本。</p>
<ul>
<li><strong>恢复</strong>可将病例放回病例列表。</li>
<li><strong>永久删除</strong>删除所选病例；<strong>清空回收站</strong>删除全部病例。两者都需要确认，且无法撤销。</li>
</ul>
<p>当没有任何机构再保留某个病例时，其文件才会被删除。将病例移至回收站不会改变统计数据：上传仍然计数。如果想在技工所开始加工前终止您发送的病例，请使用<strong>取消病例</strong>。</p>`,
    },
  },
  {
    id: id(12),
    en: {
      title: 'Statistics: the dashboard, the monthly table and the comparison',
      content: `<p><strong>Home</strong> shows your uploads of yesterday, the last 7 and the last 30 days compared with the period before, a chart by day, week or month, your partner clinics and labs, and what needs attention (cases not downloaded, authorizations ending soon, devices without a receiver). Filter by case type and partner.</p>
<p><strong>Statistics</strong> lists uploads per partner organization and month: total, orthodontics, restoration, implant and the difference to the month before. Set thresholds to show low totals or differences in red, and export the table as CSV or Excel.</p>
<p>A case counts on the day it was first uploaded, in your organization's time zone (its administrator can change it; the figures are then recounted), and figures go up to yesterday. <strong>Comparison</strong> puts two periods or two organizations side by side.</p>`,
    },
    de: {
      title: 'Statistik: Startseite, Monatstabelle und Vergleich',
      content: `<p>Die <strong>Startseite</strong> zeigt Ihre Uploads von gestern, der letzten 7 und der letzten 30 Tage im Vergleich zum Zeitraum davor, ein Diagramm nach Tag, Woche oder Monat, Ihre Partnerpraxen und -labore und was Aufmerksamkeit braucht (nicht heruntergeladene Fälle, bald endende Autorisierungen, Geräte ohne Empfänger). Filtern Sie nach Falltyp und Partner.</p>
<p><strong>Statistik</strong> listet die Uploads je Partnerorganisation und Monat: gesamt, Kieferorthopädie, Restauration, Implantat und die Differenz zum Vormonat. Legen Sie Schwellen fest, um niedrige Summen oder Differenzen rot zu zeigen, und exportieren Sie die Tabelle als CSV oder Excel.</p>
<p>Ein Fall zählt an dem Tag, an dem er zuerst hochgeladen wurde, in der Zeitzone Ihrer Organisation (ihr Administrator kann sie ändern; dann wird neu gezählt), und die Zahlen reichen bis gestern. <strong>Vergleich</strong> stellt zwei Zeiträume oder zwei Organisationen nebeneinander.</p>`,
    },
    zh: {
      title: '统计：首页看板、月度统计表和统计对比',
      content: `<p><strong>首页</strong>显示昨天、最近 7 天和最近 30 天的上传量及与上一周期的对比，按天、周或月的图表，您的合作诊所和技工所，以及需要关注的事项（未下载的病例、即将到期的授权、没有接收方的设备）。可按病例类型和合作方筛选。</p>
<p><strong>统计</strong>按合作机构和月份列出上传量：总数、正畸、修复、种植以及与上月的差值。可设置阈值，将偏低的总数或差值标红，并将表格导出为 CSV 或 Excel。</p>
<p>病例按首次上传当天计数，使用您机构的时区（机构管理员可以修改，修改后会重新统计），数据截至昨天。<strong>对比</strong>可将两个时间段或两个机构并排比较。</p>`,
    },
  },
  {
    id: id(13),
    en: {
      title: 'Inviting colleagues to your organization',
      content: `<p>The organization's administrators invite colleagues in <strong>User management</strong>:</p>
<ol>
<li>Open the tab <strong>Invitations</strong>.</li>
<li>Enter the colleague's e-mail address and choose the <strong>Role</strong>: <strong>Member</strong>, or <strong>Administrator</strong> (who may also invite, accept join requests, remove members and change roles).</li>
<li>Click <strong>Send invitation</strong>.</li>
</ol>
<p>The e-mail's link works once, for 7 days. Your colleague signs in — or creates an account — with that e-mail address and accepts. You can withdraw an invitation while it is waiting.</p>
<p>People can also find your organization by name in their personal centre and ask to join: accept or refuse them in <strong>Join requests</strong>. A removed member loses access to the organization's devices and cases at once.</p>`,
    },
    de: {
      title: 'Kollegen in Ihre Organisation einladen',
      content: `<p>Die Administratoren der Organisation laden Kollegen in der <strong>Benutzerverwaltung</strong> ein:</p>
<ol>
<li>Öffnen Sie den Reiter <strong>Einladungen</strong>.</li>
<li>Geben Sie die E-Mail-Adresse ein und wählen Sie die <strong>Rolle</strong>: <strong>Mitglied</strong> oder <strong>Administrator</strong> (der auch einladen, Beitrittsanfragen annehmen, Mitglieder entfernen und Rollen ändern darf).</li>
<li>Klicken Sie auf <strong>Einladung senden</strong>.</li>
</ol>
<p>Der Link in der E-Mail funktioniert einmal, 7 Tage lang. Ihr Kollege meldet sich mit dieser E-Mail-Adresse an – oder legt ein Konto an – und nimmt an. Eine wartende Einladung können Sie zurückziehen.</p>
<p>Man kann Ihre Organisation auch im persönlichen Bereich nach Namen suchen und den Beitritt anfragen: Nehmen Sie solche Anfragen unter <strong>Beitrittsanfragen</strong> an oder lehnen Sie sie ab. Ein entferntes Mitglied verliert sofort den Zugriff auf die Geräte und Fälle der Organisation.</p>`,
    },
    zh: {
      title: '邀请同事加入您的机构',
      content: `<p>机构管理员在<strong>用户管理</strong>中邀请同事：</p>
<ol>
<li>打开<strong>邀请</strong>标签页。</li>
<li>输入同事的邮箱地址并选择<strong>角色</strong>：<strong>成员</strong>或<strong>管理员</strong>（管理员还可以邀请他人、处理加入申请、移除成员和修改角色）。</li>
<li>点击<strong>发送邀请</strong>。</li>
</ol>
<p>邮件中的链接只能使用一次，有效期 7 天。同事用该邮箱地址登录（或注册账号）后即可接受邀请。等待中的邀请可以撤回。</p>
<p>其他人也可以在个人中心按名称搜索您的机构并申请加入：请在<strong>加入申请</strong>中同意或拒绝。被移除的成员会立即失去访问本机构设备和病例的权限。</p>`,
    },
  },
];

const MARKER = 'demo.helpArticles';

/**
 * The demo knowledge base, once: a marker row in platform_settings is inserted in the same transaction, so a second
 * (or concurrent) start inserts nothing, and articles the administrator deleted or changed stay so.
 */
export async function seedDemoHelp(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const first = await tx
      .insert(platformSettings)
      .values({ key: MARKER, value: { articles: DEMO_HELP_ARTICLES.length } })
      .onConflictDoNothing()
      .returning({ key: platformSettings.key });
    if (!first.length) return;
    await tx
      .insert(helpArticles)
      .values(DEMO_HELP_ARTICLES.map((a, i) => ({ id: a.id, position: (i + 1) * 10, published: true })))
      .onConflictDoNothing();
    await tx
      .insert(helpArticleTexts)
      .values(
        DEMO_HELP_ARTICLES.flatMap((a) =>
          (['en', 'de', 'zh'] as const).map((lang) => {
            const content = sanitizeHtml(a[lang].content);
            return {
              articleId: a.id,
              lang,
              title: a[lang].title,
              content,
              plain: `${a[lang].title} ${htmlText(content)}`,
            };
          }),
        ),
      )
      .onConflictDoNothing();
  });
}
