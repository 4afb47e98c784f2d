import type { ReactNode } from 'react';
import { Card, Descriptions, Empty, Flex, Image, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { SharedReport, ToothDesign } from '@archway/contract';
import { useProtectedFile } from '../api/protected-file.ts';
import { getToken } from '../auth/session.ts';
import { caseTypeKey } from '../case-types.ts';
import { baseUrlFor } from '../services.ts';
import { DesignSummary } from '../tooth-chart/DesignSummary.tsx';
import { DEFAULT_REPORT_COLOR, readableOn } from './colors.ts';
import { ScanViews } from './ScanViews.tsx';
import './report.css';

/**
 * Where the report's addresses lead: `signedIn` (the builder's preview: files with the caller's token, images
 * through the token-fetching object URLs) or `public` (the shared page: every address works under its token).
 */
export type ReportSource = 'signedIn' | 'public';

export interface ReportViewProps {
  report: SharedReport;
  source: ReportSource;
}

/**
 * The 3D view's height: most of the window, so the fitted scans fill most of what the patient sees; on a narrow
 * window no more than 1.2 times its width (the arch is wider than high, so a taller view would be empty).
 */
const SCAN_VIEW_HEIGHT = 'clamp(300px, min(62vh, 120vw), 640px)';

/** The scan formats the 3D view reads. */
const SCAN_FORMATS = new Set(['ply', 'stl', 'obj']);

const absolute = (url: string, base: string) =>
  /^(https?:|blob:|data:)/i.test(url)
    ? url
    : base.replace(/\/+$/, '') + (url.startsWith('/') ? url : `/${url}`);

/** An image or video address the way the source reads it: through the token (an object URL) or as it is. */
function useSource(url: string | null, source: ReportSource): string | null {
  const own = useProtectedFile(source === 'signedIn' ? url : null);
  if (!url) return null;
  return source === 'signedIn' ? own.src : absolute(url, baseUrlFor('case'));
}

function ReportImage({
  url,
  source,
  alt,
  className,
}: {
  url: string;
  source: ReportSource;
  alt: string;
  className?: string;
}) {
  const src = useSource(url, source);
  return src ? (
    <Image src={src} alt={alt} className={className} />
  ) : (
    <Skeleton.Image active className={className} />
  );
}

function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card className="report-section" title={title} data-testid={testId} size="small">
      {children}
    </Card>
  );
}

/**
 * A case report as the patient sees it (product §2 "report template", the organizations issue's report
 * customization): the organization's logo, background, name, introduction and colour; the case; the 3D view of the
 * scans; the design chart (read-only); the pictures and the video. The builder's preview and the public page
 * (`/report/:token`) both show this; it prints on its own (report.css).
 */
export function ReportView({ report, source }: ReportViewProps) {
  const { t } = useTranslation();
  const { org, design } = report;
  const color = org.shareColor || org.fontColor || DEFAULT_REPORT_COLOR;
  const ink = org.fontColor && org.fontColor !== color ? org.fontColor : readableOn(color);
  const logo = useSource(org.logoUrl, source);
  const background = useSource(org.backgroundUrl, source);
  const video = useSource(org.videoUrl, source);
  const scans = report.files.filter((f) => SCAN_FORMATS.has(f.format.toLowerCase()));
  const fileBase = baseUrlFor(source === 'signedIn' ? 'casefile' : 'case');
  const created = dayjs(
    report.case.createdAt.replace(' ', 'T') + (/[zZ]|[+-]\d\d:?\d\d$/.test(report.case.createdAt) ? '' : 'Z'),
  );

  return (
    <article
      className="report-view report-printable"
      data-testid="report-view"
      style={{ ['--report-color' as string]: color, ['--report-ink' as string]: ink }}
    >
      <header
        className="report-header"
        data-testid="report-header"
        style={
          background
            ? { backgroundImage: `linear-gradient(${color}cc, ${color}cc), url("${background}")` }
            : undefined
        }
      >
        <Flex align="center" gap={16} wrap>
          {logo ? (
            <img
              className="report-logo"
              src={logo}
              alt={t('caseReport.view.logo')}
              data-testid="report-logo"
            />
          ) : (
            <span className="report-logo report-logo-letter" aria-hidden>
              {org.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="report-title">
            <div className="report-org" data-testid="report-org">
              {org.name}
            </div>
            <h1>{t('caseReport.view.title')}</h1>
          </div>
        </Flex>
      </header>

      <Section title={t('caseReport.view.case')} testId="report-case">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'patient', label: t('caseReport.view.patient'), children: report.case.patientName || '—' },
            {
              key: 'type',
              label: t('caseReport.view.caseType'),
              children: t(caseTypeKey(report.case.caseType)),
            },
            {
              key: 'date',
              label: t('caseReport.view.date'),
              children: created.isValid() ? created.format('L') : report.case.createdAt,
            },
            { key: 'doctor', label: t('caseReport.view.doctor'), children: report.case.doctor || '—' },
            { key: 'clinic', label: t('caseReport.view.clinic'), children: report.case.clinic || '—' },
          ]}
        />
      </Section>

      {org.introduction && (
        <Section title={t('caseReport.view.about', { name: org.name })} testId="report-introduction">
          <Typography.Paragraph className="report-introduction">{org.introduction}</Typography.Paragraph>
        </Section>
      )}

      <Section title={t('caseReport.view.scans')} testId="report-scans">
        {scans.length ? (
          <>
            <ScanViews
              files={scans.map((f) => ({ ...f, url: absolute(f.url, fileBase) }))}
              token={source === 'signedIn' ? getToken() : null}
              label={t('caseReport.view.scans')}
              testId="report-scan-view"
              height={SCAN_VIEW_HEIGHT}
              pins={report.pins}
            />
            <Typography.Text type="secondary" className="report-hint no-print">
              {t('caseReport.view.scansHint')}
            </Typography.Text>
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('caseReport.view.noScans')} />
        )}
      </Section>

      <Section title={t('caseReport.view.design')} testId="report-design">
        {design && (design.teeth.length > 0 || design.note) ? (
          <DesignSummary
            design={{
              teeth: design.teeth as ToothDesign[],
              bridges: design.bridges,
              note: design.note,
              notes: [],
              updatedAt: null,
              updatedByName: null,
            }}
            showNotes={false}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('caseReport.view.noDesign')} />
        )}
      </Section>

      {org.pictures.length > 0 && (
        <Section title={t('caseReport.view.pictures')} testId="report-pictures">
          <Image.PreviewGroup>
            <div className="report-pictures">
              {org.pictures.map((url, i) => (
                <ReportImage
                  key={url}
                  url={url}
                  source={source}
                  alt={t('caseReport.view.picture', { n: i + 1 })}
                  className="report-picture"
                />
              ))}
            </div>
          </Image.PreviewGroup>
        </Section>
      )}

      {org.videoUrl && (
        <Section title={t('caseReport.view.video')} testId="report-video">
          {video ? (
            <video className="report-video" src={video} controls preload="metadata" />
          ) : (
            <Skeleton.Node active className="report-scan-placeholder" />
          )}
        </Section>
      )}

      <footer className="report-footer">{t('caseReport.view.footer', { name: org.name })}</footer>
    </article>
  );
}
