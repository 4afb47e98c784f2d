import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Flex, Modal, Segmented, Skeleton, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCaseDetail } from '../api/get-case-detail.ts';
import { PRINT_LAYOUTS, pageRule, type PrintLayout } from '../utils/print.ts';
import { CaseSheet } from './CaseSheet.tsx';
import { useSheetAssets } from './sheet-assets.ts';

/** While a sheet is open, printing shows only the sheet (cases.css hides the rest of the page). */
const PRINTING_CLASS = 'case-printing';

/** The print dialog: choose the layout, see the sheet, print it with the browser's print. */
export function PrintDialog({
  caseId,
  reduced,
  initialLayout = 'sheet',
  onClose,
}: {
  caseId: string;
  reduced: boolean;
  initialLayout?: PrintLayout;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useCaseDetail(caseId);
  const [layout, setLayout] = useState<PrintLayout>(initialLayout);
  const assets = useSheetAssets(detail.data?.thumbnail);

  useEffect(() => {
    document.body.classList.add(PRINTING_CLASS);
    return () => document.body.classList.remove(PRINTING_CLASS);
  }, []);

  const d = detail.data;
  return (
    <Modal
      open
      title={t('cases.print.title')}
      onCancel={onClose}
      destroyOnHidden
      width={760}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            // Printing waits for the logo and the scan's image, so the paper never lacks them.
            disabled={!d || !assets.ready}
            loading={Boolean(d) && !assets.ready}
            onClick={() => window.print()}
            data-testid="print-now"
          >
            {t('cases.print.print')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text>{t('cases.print.layout')}</Typography.Text>
          <Segmented<PrintLayout>
            value={layout}
            onChange={setLayout}
            data-testid="print-layout"
            options={PRINT_LAYOUTS.map((value) => ({ value, label: t(`cases.print.${value}`) }))}
          />
        </Flex>
        <Typography.Text type="secondary">{t(`cases.print.${layout}Hint`)}</Typography.Text>
        {detail.isError && <Alert type="error" showIcon title={t('cases.detail.failed')} />}
        {!d ? (
          <Skeleton active />
        ) : (
          <div className="case-sheet-preview">
            <CaseSheet detail={d} layout={layout} reduced={reduced} assets={assets} />
          </div>
        )}
      </Flex>
      {d &&
        createPortal(
          <div className="case-print-root" data-layout={layout}>
            <style>{pageRule(layout)}</style>
            <CaseSheet detail={d} layout={layout} reduced={reduced} assets={assets} />
          </div>,
          document.body,
        )}
    </Modal>
  );
}
