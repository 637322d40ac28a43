/**
 * Seed content for the legal pages and the press boilerplate.
 *
 * Written from the product specification's facts only. Where a fact is not given
 * (company registration number, registered office, partner names), the text refers to it
 * generically. HTML uses only simple tags (h2, h3, p, ul, ol, li, strong, em, a, table
 * elements) with no classes, styles, ids, scripts or images; the page renders the title.
 */

import { MEMBER_RETENTION, noticePeriod, RETENTION_RULES } from '#shared/retention.ts';

/**
 * The privacy notice's retention rows, written from the one retention table the job enforces
 * (CONTRACT §6), so the promise and the practice cannot drift apart.
 */
const RETENTION_NOTICE_ROWS = [MEMBER_RETENTION, ...RETENTION_RULES]
  .map((rule) => `<tr><td>${rule.notice}</td><td>${noticePeriod(rule)}</td></tr>`)
  .join('\n');

export interface SeedLegalDocument {
  slug: 'privacy' | 'terms' | 'cookies';
  title: string;
  html: string;
  /**
   * The day this text was last revised (UK calendar day, YYYY-MM-DD): the date the site shows
   * for the document while it is stored as bundled, however long after it was seeded or
   * re-applied. Change it with the text (a unit test holds the two together).
   */
  revised: string;
}

const PRIVACY_HTML = `<h2>1. About this policy</h2>
<p>This Privacy Policy explains how Waj (<strong>"Waj"</strong>, <strong>"we"</strong>, <strong>"us"</strong> or <strong>"our"</strong>) collects, uses, shares and protects personal data when you visit our website, register an expression of interest, contact us, apply for membership, verify your identity, accept a membership offer and hold a Waj membership and card. It also explains the rights you have under the UK General Data Protection Regulation (<strong>UK GDPR</strong>) and the Data Protection Act 2018.</p>
<p>Waj is a private, invitation-only membership bank operated in the United Kingdom. Accounts and cards are provided together with our authorised banking and e-money partner, which safeguards members' funds.</p>

<h2>2. Who is responsible for your data</h2>
<p>Waj is the controller of the personal data described in this policy. Our company name, company registration number and registered office are shown in the footer of our website.</p>
<p>Our authorised banking and e-money partner and our card issuing partner are separately responsible for the personal data they need to provide your account and card and to meet their own legal obligations. They will give you their own privacy information when your membership is activated.</p>
<p>If you have any questions about this policy or about how we use your personal data, please e-mail our data protection team at <a href="mailto:privacy@waj.co.uk">privacy@waj.co.uk</a>.</p>

<h2>3. The personal data we collect</h2>
<h3>When you register interest, apply or contact us</h3>
<ul>
<li><strong>Application details:</strong> your full name and e-mail address and, if you choose to give them, your telephone number and your reasons for applying.</li>
<li><strong>Invitation details:</strong> the invitation code you use, to whom it was issued and when it was redeemed.</li>
<li><strong>Financial and background information:</strong> your annual income, employment status, preferred membership tier and whether you are, or are closely connected with, a politically exposed person (<strong>PEP</strong>).</li>
<li><strong>Messages:</strong> your name, e-mail address and whatever you tell us when you use our contact form or send us a press enquiry.</li>
</ul>
<h3>When you verify your identity</h3>
<ul>
<li><strong>Identity documents:</strong> images of your passport or driving licence and the information they contain, such as your name, date of birth, nationality, photograph, document number and expiry date, and, where we ask for one, a proof of address dated within the last 3 months.</li>
<li><strong>Selfies:</strong> a photograph or short capture of your face taken during verification, used to check that you are the person shown in your identity document and that you are genuinely present.</li>
<li><strong>Verification results:</strong> the status and outcome of your identity check (for example approved, declined or resubmission requested), the country that issued your document, the reasons given for the outcome, and the results of screening against PEP, sanctions and other watchlists, including any alerts from ongoing monitoring while you are a member.</li>
<li><strong>Review records:</strong> the decisions our staff make on your documents and any notes they add.</li>
</ul>
<h3>When you accept an offer and become a member</h3>
<ul>
<li><strong>Offer records:</strong> the tier we offer you, any pricing note, the tier you accept and any change you make to a lower tier.</li>
<li><strong>Electronic signature evidence:</strong> the full legal name you type as your signature, your confirmation that you agree to our <a href="/legal/terms">Terms of Membership</a>, the date and time, your IP address and information about your device and browser (such as its user-agent string).</li>
<li><strong>Membership and card details:</strong> your tier, the last four digits of your card number, card shipment tracking numbers, whether mobile banking access is enabled and the date your membership was activated. Full card numbers are held by our card issuing partner, not on our website.</li>
</ul>
<h3>When you use our website</h3>
<ul>
<li><strong>Technical and security data:</strong> your IP address, device and browser type, the pages you request and when, and security logs we use to protect our services and to limit repeated or abusive attempts.</li>
<li><strong>Cookies and similar technologies:</strong> session cookies, your cookie choices, your light or dark theme and founding-member display settings. If you consent, our analytics provider collects information about how you use the website. Our <a href="/legal/cookies">Cookie Policy</a> explains each of these.</li>
<li><strong>Communications:</strong> copies of the e-mails we send you, such as invitation codes, secure links to resume your application, offer and activation notices and card dispatch confirmations.</li>
</ul>
<h3>Special category and criminal offence data</h3>
<p>Comparing your selfie with the photograph in your identity document may involve <strong>biometric data</strong>. PEP screening may reveal information about political roles or opinions, and sanctions and watchlist screening may reveal information about alleged or proven criminal offences. The law gives this information extra protection, and we handle it with extra safeguards, as explained in section 5.</p>

<h2>4. Where we get personal data from</h2>
<ul>
<li>From you, when you fill in our forms, upload documents, accept an offer or contact us.</li>
<li>From our identity-verification provider, which returns the results of document, selfie, PEP, sanctions and watchlist checks.</li>
<li>From the member or member of staff who issued your invitation code.</li>
<li>From our authorised banking and e-money partner, our card issuing partner and our card delivery partners, for example card status and shipment tracking information.</li>
<li>From your device and browser, when you use our website.</li>
</ul>

<h2>5. Why we use personal data and our lawful bases</h2>
<p>We only use personal data where the law allows us to. The table below sets out our purposes and the lawful bases we rely on.</p>
<table>
<thead>
<tr><th>Purpose</th><th>Lawful basis</th></tr>
</thead>
<tbody>
<tr><td>Considering your expression of interest or application, sending you an invitation code and deciding which tier to offer</td><td>Taking steps at your request before entering into a contract; our legitimate interests in running an invitation-only membership</td></tr>
<tr><td>Verifying your identity and address and screening you against PEP, sanctions and other watchlists, when you apply and throughout your membership</td><td>Legal obligation under anti-money laundering, counter-terrorist financing and sanctions laws; our legitimate interests in preventing fraud</td></tr>
<tr><td>Comparing your selfie with your identity document (biometric data), and handling PEP and criminal offence information</td><td>Substantial public interest in preventing or detecting unlawful acts and in meeting regulatory requirements, under Schedule 1 to the Data Protection Act 2018; where those conditions do not apply, your explicit consent, which we ask for before verification starts</td></tr>
<tr><td>Making you an offer, recording your electronic signature and keeping evidence of what you agreed</td><td>Performance of our contract with you; our legitimate interests in being able to show what was agreed and by whom</td></tr>
<tr><td>Activating your membership, issuing and delivering cards, providing support and handling disputes and complaints</td><td>Performance of our contract with you; legal obligation</td></tr>
<tr><td>Sending service e-mails, such as invitation codes, resume links, offers and card dispatch confirmations</td><td>Performance of our contract with you, or taking steps before entering into one; our legitimate interests in keeping you informed</td></tr>
<tr><td>Answering contact messages and press enquiries</td><td>Our legitimate interests in responding to people who contact us</td></tr>
<tr><td>Keeping our website and services secure, preventing abuse and fraud, limiting repeated attempts and keeping records of staff actions</td><td>Our legitimate interests in protecting our members, our staff and our business; legal obligation</td></tr>
<tr><td>Remembering your cookie choices, theme and founding-member settings</td><td>Our legitimate interests in providing the features you ask for (strictly necessary storage)</td></tr>
<tr><td>Understanding how our website is used, through analytics</td><td>Your consent, which you can withdraw at any time</td></tr>
<tr><td>Meeting our legal, regulatory and tax obligations, responding to authorities and establishing, exercising or defending legal claims</td><td>Legal obligation; our legitimate interests</td></tr>
</tbody>
</table>
<p>We will only send you marketing about Waj or our partners' offers if you have agreed to receive it, and you can opt out at any time.</p>
<p>We need the information requested during verification to meet our legal obligations. If you do not provide it, we will not be able to consider your application or continue your membership.</p>
<h3>Automated checks and decisions</h3>
<p>Our identity-verification provider uses automated technology to check that your identity document is genuine, to compare it with your selfie and to screen you against PEP, sanctions and watchlists. Our staff review applications before any offer is made, and applications involving a PEP are always reviewed manually. We do not make decisions that have legal or similarly significant effects on you solely by automated means. If you think an automated check has reached the wrong result, contact us and a member of our team will look at it again.</p>

<h2>6. Who we share personal data with</h2>
<ul>
<li><strong>Our identity-verification provider</strong> (Veriff), which checks your identity document and selfie, screens you against PEP, sanctions and watchlists and returns the results to us. It acts on our instructions. Where we review documents ourselves, only authorised members of staff can see them.</li>
<li><strong>Our authorised banking and e-money partner and our card issuing partner</strong>, which provide your account, safeguard your funds, issue your card and meet their own regulatory obligations.</li>
<li><strong>Card production and delivery partners</strong>, which need your name and delivery address to make and send your card.</li>
<li><strong>Service providers</strong> that host our website, database and file storage, deliver our e-mails and, only if you consent, provide website analytics. They act on our instructions and may not use your data for their own purposes.</li>
<li><strong>Professional advisers</strong>, such as lawyers, auditors and insurers.</li>
<li><strong>Regulators, law enforcement, fraud prevention bodies and other public authorities</strong>, where the law requires or allows us to share, for example to report suspected money laundering or to comply with sanctions.</li>
<li><strong>A buyer or successor</strong>, if all or part of our business is reorganised, sold or transferred, under a duty of confidentiality.</li>
</ul>
<p>We do not sell personal data.</p>

<h2>7. International transfers</h2>
<p>Some of our service providers, including our identity-verification provider, may process personal data outside the United Kingdom, for example in the European Economic Area. When personal data is transferred outside the UK, we make sure it is protected to UK standards: either the country is covered by UK adequacy regulations, or we use safeguards approved under UK law, such as the International Data Transfer Agreement or the UK Addendum to the European Commission's standard contractual clauses. You can ask us for more information about these safeguards at <a href="mailto:privacy@waj.co.uk">privacy@waj.co.uk</a>.</p>

<h2>8. How long we keep personal data</h2>
<table>
<thead>
<tr><th>Record</th><th>How long we keep it</th></tr>
</thead>
<tbody>
${RETENTION_NOTICE_ROWS}
<tr><td>Press enquiries</td><td>For as long as we need to deal with your enquiry</td></tr>
<tr><td>Cookies and similar technologies</td><td>For the periods set out in our <a href="/legal/cookies">Cookie Policy</a></td></tr>
</tbody>
</table>
<p>At the end of these periods we delete personal data or anonymise it so that it can no longer identify you. We keep data for longer only where the law requires us to, or where it is needed to deal with a complaint, dispute, investigation or legal claim, and then only the data needed, for as long as it is needed.</p>

<h2>9. How we protect personal data</h2>
<ul>
<li>Data sent between your browser and our website is encrypted in transit.</li>
<li>Identity documents and selfies are held in secure storage and can be viewed only by authorised members of staff who need to review them.</li>
<li>Links we e-mail to resume an application are signed and expire, session tokens are kept in cookies that page scripts cannot read, and staff credentials are stored only in hashed form.</li>
<li>We keep a record of each step of your application and of every staff action, with its time and the person who took it.</li>
</ul>
<p>Please keep your invitation code and any link we send you private. We will never ask you to tell us your full card number or security codes by e-mail.</p>

<h2>10. Your rights</h2>
<p>Under UK data protection law you have the right to:</p>
<ul>
<li><strong>access</strong> your personal data and receive a copy of it;</li>
<li>have inaccurate or incomplete data <strong>corrected</strong>;</li>
<li>have your data <strong>erased</strong> where there is no good reason for us to keep it;</li>
<li><strong>restrict</strong> how we use your data in certain circumstances;</li>
<li><strong>object</strong> to our use of your data where we rely on legitimate interests, and to direct marketing at any time;</li>
<li>receive data you gave us in a portable format (<strong>data portability</strong>);</li>
<li><strong>withdraw your consent</strong> at any time where we rely on it, without affecting anything we did before you withdrew it; and</li>
<li>ask for a person to review a decision made solely by automated means, to give your point of view and to challenge the decision.</li>
</ul>
<p>Some of these rights do not apply in every situation; for example, we may need to keep identity verification records to meet our legal obligations. To exercise any of your rights, e-mail <a href="mailto:privacy@waj.co.uk">privacy@waj.co.uk</a>. We may need to confirm your identity before we act. We will normally respond within one month and will not usually charge a fee.</p>

<h2>11. Complaints</h2>
<p>If you are unhappy with how we have used your personal data, please contact us first at <a href="mailto:privacy@waj.co.uk">privacy@waj.co.uk</a> so that we can try to put things right. You also have the right to complain to the Information Commissioner's Office (<strong>ICO</strong>), the UK supervisory authority for data protection, at ico.org.uk.</p>

<h2>12. Children</h2>
<p>Waj membership is only available to people aged 18 or over. We do not knowingly collect personal data from children. If you believe a child has given us personal data, please contact us so that we can delete it.</p>

<h2>13. Changes to this policy</h2>
<p>We may update this policy from time to time. The date of the latest update is shown on this page. If we make significant changes, we will tell applicants and members by e-mail before the changes take effect.</p>

<h2>14. Contact us</h2>
<p>For any question about this policy or your personal data, e-mail <a href="mailto:privacy@waj.co.uk">privacy@waj.co.uk</a>. You can also write to our data protection team at the registered office shown on our website. For anything else, e-mail <a href="mailto:support@waj.co.uk">support@waj.co.uk</a> or use our <a href="/contact">contact form</a>.</p>`;

const TERMS_HTML = `<h2>1. About these terms</h2>
<p>These Terms of Membership (<strong>"Terms"</strong>) apply to your application for, and your membership of, Waj, a private, invitation-only membership bank operated in the United Kingdom. In these Terms, <strong>"Waj"</strong>, <strong>"we"</strong>, <strong>"us"</strong> and <strong>"our"</strong> mean the Waj company whose name, registration number and registered office are shown on our website, and <strong>"you"</strong> means the applicant or member.</p>
<p>Your account and card are provided together with our authorised banking and e-money partner, which safeguards members' funds, and our card issuing partner. When your membership is activated you will also receive any account and card terms that our partners require; if those terms conflict with these Terms on a matter that they cover, the partner's terms apply to that matter.</p>
<p>Please read these Terms carefully, together with our <a href="/legal/privacy">Privacy Policy</a> and <a href="/legal/cookies">Cookie Policy</a>. You will be asked to confirm that you agree to these Terms before you accept a membership offer. We communicate in English, and we may contact you by e-mail, so please keep your e-mail address up to date.</p>

<h2>2. Eligibility</h2>
<p>To become a member you must:</p>
<ol>
<li>be resident in the United Kingdom with a valid UK address;</li>
<li>be 18 years of age or older;</li>
<li>hold valid photo identification, being a passport or a driving licence;</li>
<li>have a verifiable source of income; and</li>
<li>agree to the identity, anti-money laundering, sanctions and other compliance checks described in these Terms, both when you apply and while you are a member.</li>
</ol>
<p>Where we ask for a proof of address, it must be dated within the last 3 months. Meeting these requirements does not guarantee that you will be invited or offered membership. More information is available on our <a href="/eligibility">eligibility page</a>.</p>

<h2>3. Invitations and applications</h2>
<p>Waj membership is by invitation. There are two ways to begin:</p>
<ul>
<li><strong>With an invitation code.</strong> If you have been given an invitation code, enter it on our <a href="/apply">application page</a>. Codes are not case-sensitive. Each code is personal to the person it was issued to, can be used once only and may expire. You must not sell, publish or transfer a code.</li>
<li><strong>Without a code.</strong> You may submit a short application or expression of interest. If you are selected, we will send you an invitation code by e-mail. When invitations are limited to approved members, only people with a valid invitation code can apply.</li>
</ul>
<p>Elite membership is by invitation only and cannot be applied for through a public form. Our founding membership is closed; members who already hold founding status keep the founding perks we have told them about.</p>
<p>You must give us complete, accurate and up-to-date information and must apply only for yourself. We may decline an application, or withdraw an invitation or offer, at our discretion, including where information is incomplete or inaccurate or where our checks are not satisfied. We may not always be able to tell you the reason.</p>
<p>After your invitation code is verified we will ask for further details, such as your annual income, employment status, preferred tier and whether you are a politically exposed person. If you leave your application part-way through, you can ask us to e-mail you a secure link to resume it. Keep that link private.</p>

<h2>4. Review and verification times</h2>
<ul>
<li>We aim to review applications within <strong>3 to 5 business days</strong>.</li>
<li>Identity verification normally takes <strong>1 to 2 additional business days</strong>.</li>
</ul>
<p>These are target times, not guarantees. Reviews can take longer, for example if we need more information from you or if your application needs to be reviewed manually.</p>

<h2>5. Identity verification and compliance checks</h2>
<p>We are required by law to verify the identity of everyone we accept as a member. We do this through our identity-verification provider, a regulated third party, or by having authorised members of our staff review your documents. You will be asked to provide an image of your passport or driving licence and a selfie, and, where we ask for it, a proof of address. We screen applicants and members against politically exposed person (PEP), sanctions and other watchlists, and may repeat these checks at any time during your membership.</p>
<p>If a check cannot be completed, we may ask you to submit your documents again. Applications involving a politically exposed person are always reviewed manually. How we use your information for these checks is explained in our <a href="/legal/privacy">Privacy Policy</a>.</p>

<h2>6. Your tier offer and electronic signature</h2>
<p>Once your checks are complete, we will decide whether to offer you membership and at which tier. We take into account the information you have given us and the results of our checks. Your offer will show the tier offered and the fee that applies, together with any pricing note.</p>
<p>You may accept the tier offered or choose a lower tier instead. You cannot choose a higher tier than the one offered.</p>
<p>To accept your offer you must tick the box confirming that you agree to these Terms and type your full legal name. <strong>Your typed name is your electronic signature.</strong> It has the same effect as a handwritten signature and is how you enter into your membership agreement with us. When you sign, we record the name you typed, the tier you accepted, the date and time, your IP address and information about your device and browser, so that we can show what was agreed and by whom. We will keep a record of the Terms you accepted, and you can ask us for a copy at any time.</p>

<h2>7. Activation</h2>
<p>After you accept, we prepare your membership for activation. When your membership is active, we will confirm your tier, the last four digits of your card number, whether mobile banking access is enabled and, once your card has been sent, its shipment tracking number. Some features of the account portal and app are being introduced in stages and may be marked as coming soon.</p>

<h2>8. Membership tiers</h2>
<p>Membership is offered in five tiers. Every tier includes a virtual and a physical card, mobile wallets, UK transfers and priority support. In summary:</p>
<ul>
<li><strong>Standard:</strong> virtual and physical card, in-app budgeting, UK payments, contactless and mobile wallet payments, and priority chat support from 9am to 5pm.</li>
<li><strong>Noir:</strong> everything in Standard, plus higher spending and ATM limits, priority queue support, disposable virtual cards and partner perks.</li>
<li><strong>Titan:</strong> everything in Noir, plus a metal card, early access to exclusive drops, a dedicated success manager and lounge access (coming soon).</li>
<li><strong>Monarch:</strong> everything in Titan, plus a personal account executive, international payments, a 24/7 priority line and invitations to private events.</li>
<li><strong>Elite:</strong> by invitation only; everything in Monarch, plus bespoke limits, concierge service and a personal relationship director.</li>
</ul>
<p>The current features of each tier are shown on our <a href="/cards">cards page</a>. Features marked as coming soon are not yet available. Partner offers and perks are provided by third parties on their own terms, may be changed or withdrawn by them, and are not part of your account with us. We may improve or change tier features; if a change is to your disadvantage, we will give you notice under section 15.</p>

<h2>9. Fees</h2>
<p>Membership fees range from <strong>£0 to £39.99 per month</strong>, depending on your tier. The monthly fee for your tier is shown in your offer before you sign, and it is charged monthly for as long as your membership continues. We will tell you about any other charge before it applies, and we will not charge you a fee that has not been disclosed to you. If you move to a different tier, the fee for the new tier applies from the date the change takes effect.</p>

<h2>10. Your cards</h2>
<ul>
<li><strong>Delivery.</strong> Physical and metal cards are normally delivered within <strong>5 to 7 business days</strong>, and in any event within <strong>10 days</strong>. We will e-mail you a confirmation, with a tracking number where available, within <strong>24 hours</strong> of your card being sent. If your card has not arrived within 10 days, please tell us and we will cancel it and send a replacement.</li>
<li><strong>Replacement.</strong> If your card is lost, stolen, damaged or compromised, tell us straight away. We will cancel it and send you a replacement within <strong>10 days</strong>.</li>
<li><strong>Keeping your card safe.</strong> Only you may use your card. You must keep your card, card details, PIN, passcodes and devices secure, and never share them with anyone, including anyone claiming to be from Waj. Online payments may need to be approved with 3-D Secure, and you can use the in-app controls to manage your card.</li>
<li><strong>Ownership.</strong> Your card remains the property of the card issuer. You must not use it after it has been cancelled or after your membership ends.</li>
</ul>

<h2>11. Support</h2>
<p>Support is available <strong>24 hours a day</strong> for urgent matters, such as a lost, stolen or compromised card or a payment you do not recognise. Other support is provided during the hours that apply to your tier; higher tiers include extended priority lines and dedicated contacts, as described on our <a href="/cards">cards page</a>. You can reach us at <a href="mailto:support@waj.co.uk">support@waj.co.uk</a> or through our <a href="/contact">contact form</a>; we aim to reply to contact form messages within 2 to 3 business days.</p>

<h2>12. Disputed transactions</h2>
<p>Please check your transactions regularly. If you wish to dispute a card transaction, for example because you did not authorise it, it was for the wrong amount or you did not receive what you paid for, you must raise the dispute with us within <strong>14 days</strong> of the transaction appearing in your account. Raising disputes promptly allows us and the card scheme to act quickly. This does not reduce any longer period that the law gives you to tell us about an unauthorised or incorrectly executed payment.</p>
<p>If a payment from your account was not authorised by you, we or our authorised partner will refund it as the law requires, unless you have acted fraudulently or, intentionally or with gross negligence, failed to keep your card and security details safe.</p>

<h2>13. Complaints</h2>
<p>If you are unhappy with any part of our service, please tell us at <a href="mailto:support@waj.co.uk">support@waj.co.uk</a>. We will acknowledge your complaint, investigate it fairly and send you a final response. If you are not satisfied with our final response, you may be able to refer your complaint to the Financial Ombudsman Service, and our final response will explain how.</p>

<h2>14. Suspension and closure</h2>
<h3>Closing your membership</h3>
<p>You can ask to close your membership at any time by contacting <a href="mailto:support@waj.co.uk">support@waj.co.uk</a>. Fees are charged only up to the date your membership closes.</p>
<h3>When we may suspend or close your membership</h3>
<p>We may suspend your card or account, or restrict its use, if we reasonably believe this is necessary to keep your account secure, to prevent fraud or other crime, or to comply with the law, including sanctions. Where the law allows, we will tell you beforehand or as soon as possible afterwards.</p>
<p>We may close your membership by giving you reasonable notice, and at least the notice the law requires. We may close it immediately if you have seriously or persistently broken these Terms, given us false information, used your account for illegal purposes, behaved abusively towards our staff, or if we are required to do so by law or by a regulator.</p>
<h3>What happens on closure</h3>
<p>When your membership closes, your cards are cancelled and any money held for you is returned in accordance with the terms of your account with our authorised partner. You remain responsible for any transactions made before closure. We keep your personal data for 1 year after your account is closed, as explained in our <a href="/legal/privacy">Privacy Policy</a>.</p>

<h2>15. Changes to these Terms</h2>
<p>We may change these Terms, our fees or tier features, for example to reflect changes in the law, in our costs, in the services our partners provide or in the way we run our business. We will give you notice by e-mail before any change that is to your disadvantage takes effect, and at least the notice the law requires. If you do not agree with a change, you can close your membership before it takes effect.</p>

<h2>16. Our liability</h2>
<ul>
<li>We are responsible for loss you suffer as a foreseeable result of our breaching these Terms or failing to use reasonable care and skill.</li>
<li>We are not responsible for loss that was not foreseeable, for business losses or loss of profit, or for loss caused by abnormal and unforeseeable circumstances beyond our reasonable control whose consequences could not have been avoided despite all efforts to the contrary.</li>
<li>We are not responsible for loss caused by your failing to keep your card and security details safe, or by your acting fraudulently.</li>
<li>We are not responsible for the products, services or offers of partners and other third parties.</li>
<li>Nothing in these Terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited under the law, and nothing in these Terms affects your statutory rights.</li>
</ul>

<h2>17. General</h2>
<ul>
<li>You may not transfer your membership or your rights under these Terms to anyone else. We may transfer our rights and obligations to another organisation, provided this does not reduce your rights.</li>
<li>If any part of these Terms is found to be unenforceable, the rest remains in force.</li>
<li>If we do not enforce a right straight away, we may still enforce it later.</li>
<li>No one other than you and us has any right to enforce these Terms.</li>
</ul>

<h2>18. Governing law</h2>
<p>These Terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction over any dispute. If you live in Scotland or Northern Ireland, you may also bring proceedings in the courts where you live.</p>

<h2>19. Contact us</h2>
<p>For questions about these Terms or your membership, e-mail <a href="mailto:support@waj.co.uk">support@waj.co.uk</a> or use our <a href="/contact">contact form</a>. For questions about your personal data, e-mail <a href="mailto:privacy@waj.co.uk">privacy@waj.co.uk</a>.</p>`;

const COOKIES_HTML = `<h2>1. About this policy</h2>
<p>This Cookie Policy explains how Waj uses cookies and similar technologies, such as your browser's local storage and session storage, on our website. Cookies are small text files that a website stores on your device; local storage and session storage let a website keep small pieces of information in your browser. In this policy we call all of these <strong>"cookies"</strong>.</p>
<p>We use cookies in line with the Privacy and Electronic Communications Regulations and UK data protection law. For more about how we use personal data, see our <a href="/legal/privacy">Privacy Policy</a>.</p>

<h2>2. Our approach</h2>
<ul>
<li><strong>Essential cookies</strong> are needed for the website to work, to keep your application secure and to remember choices you make, such as your cookie preferences and light or dark theme. They are always on.</li>
<li><strong>Analytics</strong> helps us understand how the website is used so that we can improve it. It is off unless you choose to allow it.</li>
</ul>
<p>We do not use advertising cookies, and we do not use cookies to sell information about you.</p>

<h2>3. Essential cookies and storage</h2>
<table>
<thead>
<tr><th>Name</th><th>Type</th><th>Purpose</th><th>Duration</th></tr>
</thead>
<tbody>
<tr><td>waj_session</td><td>Cookie (HttpOnly, so page scripts cannot read it)</td><td>Holds the secure session token that keeps you signed in to your application after your invitation code is verified or you use a resume link. Sent only to our website, and only over secure connections when the site is served over HTTPS.</td><td>7 days</td></tr>
<tr><td>apply_session</td><td>Cookie</td><td>Identifies the application you are working on, so that you can continue it and be shown the right step.</td><td>7 days</td></tr>
<tr><td>founding_member</td><td>Cookie</td><td>Remembers that you have founding-member status, so that we can show the FOUNDING badge and your founding perks.</td><td>180 days</td></tr>
<tr><td>waj_consent</td><td>Local storage</td><td>Records your cookie choices (essential always on; analytics on or off) and when you made them, so that we do not ask you again on every visit.</td><td>Until you change your choices using Cookie settings or clear your browser storage</td></tr>
<tr><td>waj-theme</td><td>Local storage</td><td>Remembers whether you chose the light or dark theme.</td><td>Until you change the theme or clear your browser storage</td></tr>
<tr><td>waj_founder_override</td><td>Local storage</td><td>Remembers whether a founding member has switched Founder Mode on or off in the footer.</td><td>Until you switch Founder Mode off or clear your browser storage</td></tr>
<tr><td>Validated invitation code</td><td>Session storage</td><td>Keeps the invitation code you have just verified while you continue your application.</td><td>Until you close the browser tab</td></tr>
<tr><td>Staff access token</td><td>Session storage (staff only)</td><td>Keeps authorised staff signed in to the admin panel. It is never set for visitors, applicants or members.</td><td>Until the browser tab is closed; the token itself expires after 8 hours</td></tr>
</tbody>
</table>

<h2>4. Analytics</h2>
<table>
<thead>
<tr><th>Name</th><th>Type</th><th>Purpose</th><th>Duration</th></tr>
</thead>
<tbody>
<tr><td>Analytics script and any cookies or identifiers it sets</td><td>Third-party analytics (optional)</td><td>Measures how visitors use our website, such as which pages are visited, so that we can improve it. The script is loaded from our analytics provider's servers only if you have allowed analytics, and it is removed if you turn analytics off.</td><td>Set by our analytics provider; only ever set with your consent</td></tr>
</tbody>
</table>
<p>If you have not made a choice, or you chose <em>Essential Only</em>, no analytics script is loaded and no analytics cookies are set.</p>

<h2>5. Your choices</h2>
<p>When you first visit our website, a cookie preferences panel appears at the bottom of the screen. You can choose:</p>
<ul>
<li><strong>Accept All</strong>: essential cookies and analytics;</li>
<li><strong>Essential Only</strong>: essential cookies only, with analytics off; or</li>
<li><strong>Manage Cookie Settings</strong>: turn analytics on or off yourself (it is off by default), then select <em>Save Preferences</em>.</li>
</ul>
<p>You can change your mind at any time. Select <strong>Cookie settings</strong> in the footer of any page: this clears your saved choice and reloads the page, and the cookie preferences panel appears again so that you can choose afresh. Withdrawing consent stops analytics from then on; to remove any analytics cookies already set, you can also delete them in your browser settings.</p>
<p>Most browsers also let you block or delete cookies and website storage. If you block essential cookies, parts of our website will not work; in particular, you will not be able to continue an application.</p>

<h2>6. Changes to this policy</h2>
<p>We will update this policy if we change the cookies we use. The date of the latest update is shown on this page. If we want to use cookies for a new purpose that needs your consent, we will ask you again.</p>

<h2>7. Contact us</h2>
<p>If you have questions about our use of cookies or your personal data, e-mail <a href="mailto:privacy@waj.co.uk">privacy@waj.co.uk</a>. For help using our website, e-mail <a href="mailto:support@waj.co.uk">support@waj.co.uk</a>.</p>`;

export const LEGAL_DOCUMENTS: readonly SeedLegalDocument[] = [
  { slug: 'privacy', title: 'Privacy Policy', html: PRIVACY_HTML, revised: '2026-11-24' },
  { slug: 'terms', title: 'Terms of Membership', html: TERMS_HTML, revised: '2026-11-22' },
  { slug: 'cookies', title: 'Cookie Policy', html: COOKIES_HTML, revised: '2026-11-22' },
];

/** A bundled document's revision as a time: midday UTC, the same calendar day in UK time. */
export function revisionTime(doc: SeedLegalDocument): Date {
  return new Date(`${doc.revised}T12:00:00Z`);
}

export const PRESS_BOILERPLATE: string =
  "Waj is a private, invitation-only membership bank based in the United Kingdom. Membership is offered in five tiers (Standard, Noir, Titan, Monarch and Elite), combining discreet virtual and metal cards with elevated limits, in-app controls, priority support and curated partner perks, with concierge service at the highest tiers. Prospective members join with an invitation code or by application, and verify their identity through a regulated third-party provider. Elite membership is by invitation only, and the Waj founding membership circle is now closed. Members' funds are safeguarded by an authorised partner.";
