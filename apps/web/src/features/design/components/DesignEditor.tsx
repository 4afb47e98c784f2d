import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Input, Popconfirm, Select, Switch, Typography } from 'antd';
import { ClearOutlined, LinkOutlined, DisconnectOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  bridgeInArchOrder,
  DESIGN_NOTE_MAX,
  DesignMaterials,
  designProblem,
  ImplantTypes,
  isDeciduous,
  KindColors,
  KindSymbols,
  RestorationKinds,
  VitaShades,
  type CaseDesign,
  type RestorationKind,
  type ToothDesign,
} from '@archway/contract';
import { ToothChart } from '../../../shared/tooth-chart/ToothChart.tsx';
import { ToothLegend } from '../../../shared/tooth-chart/ToothLegend.tsx';
import { areNeighbours } from '../../../shared/tooth-chart/geometry.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useSaveDesign } from '../api/save-design.ts';

type Field = 'kind' | 'material' | 'shade' | 'implantType';

/** The value every selected tooth shares for a field, or undefined (none, or mixed). */
function shared(teeth: (ToothDesign | undefined)[], field: Field): string | undefined {
  const values = new Set(teeth.map((d) => d?.[field]));
  return values.size === 1 ? [...values][0] : undefined;
}

const sameDesign = (a: Pick<CaseDesign, 'teeth' | 'bridges' | 'note'>, b: typeof a) =>
  JSON.stringify([a.teeth, a.bridges, a.note.trim()]) === JSON.stringify([b.teeth, b.bridges, b.note.trim()]);

/**
 * The sender's editor: the interactive chart (select one or several teeth), the side panel setting kind, material,
 * shade and implant type of the selection, connecting neighbours as a bridge, clearing; the note; Save.
 */
export function DesignEditor({ caseId, design }: { caseId: string; design: CaseDesign }) {
  const { t } = useTranslation();
  const save = useSaveDesign();
  const [teeth, setTeeth] = useState<Map<number, ToothDesign>>(
    () => new Map(design.teeth.map((d) => [d.tooth, d])),
  );
  const [bridges, setBridges] = useState<number[][]>(design.bridges);
  const [note, setNote] = useState(design.note);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deciduous, setDeciduous] = useState(
    () => design.teeth.some((d) => isDeciduous(d.tooth)) || design.bridges.flat().some(isDeciduous),
  );

  // A save (or someone else's) brings new server data: start from it.
  useEffect(() => {
    setTeeth(new Map(design.teeth.map((d) => [d.tooth, d])));
    setBridges(design.bridges);
    setNote(design.note);
  }, [design]);

  const list = useMemo(() => [...teeth.values()].sort((a, b) => a.tooth - b.tooth), [teeth]);
  const draft = { teeth: list, bridges, note };
  const dirty = !sameDesign(draft, design);
  const chosen = [...selected].sort((a, b) => a - b);
  const chosenDesigns = chosen.map((n) => teeth.get(n));
  const allHaveKind = chosen.length > 0 && chosenDesigns.every(Boolean);
  const inBridge = chosen.some((n) => bridges.some((b) => b.includes(n)));
  const problem = designProblem(draft);

  const toggle = (tooth: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(tooth)) next.delete(tooth);
      else next.add(tooth);
      return next;
    });

  const setField = (field: Field, value: string | undefined) =>
    setTeeth((current) => {
      const next = new Map(current);
      for (const tooth of chosen) {
        const d = next.get(tooth);
        if (field === 'kind') {
          if (!value) next.delete(tooth);
          else next.set(tooth, { ...(d ?? { tooth }), kind: value as RestorationKind });
        } else if (d) {
          const updated: ToothDesign = { ...d };
          if (value) (updated as Record<Field, string>)[field] = value;
          else delete updated[field];
          next.set(tooth, updated);
        }
      }
      return next;
    });

  const connect = () => {
    setBridges((b) => [...b.filter((x) => !x.some((n) => selected.has(n))), bridgeInArchOrder(chosen)]);
  };
  const disconnect = () => setBridges((b) => b.filter((x) => !x.some((n) => selected.has(n))));
  const clearSelected = () => {
    setTeeth((current) => {
      const next = new Map(current);
      for (const n of chosen) next.delete(n);
      return next;
    });
    disconnect();
    setSelected(new Set());
  };

  const onSave = () => {
    if (problem) {
      toast(t(problem.kind === 'tooth' ? 'errors.design.tooth' : 'errors.design.bridge'));
      return;
    }
    save.mutate(
      { caseId, teeth: list, bridges, note: note.trim() },
      { onSuccess: () => toast(t('design.saved'), 'success') },
    );
  };

  const options: Record<Field, { value: string; label: ReactNode; title?: string }[]> = {
    kind: RestorationKinds.map((k) => ({
      value: k,
      label: (
        <Flex align="center" gap={8}>
          <span className="tooth-legend-swatch" style={{ background: KindColors[k] }} aria-hidden>
            {KindSymbols[k]}
          </span>
          {t(`design.kinds.${k}`)}
        </Flex>
      ),
      title: t(`design.kinds.${k}`),
    })),
    material: DesignMaterials.map((m) => ({ value: m, label: t(`design.materials.${m}`) })),
    shade: VitaShades.map((s) => ({ value: s, label: s })),
    implantType: ImplantTypes.map((i) => ({ value: i, label: t(`design.implantTypes.${i}`) })),
  };

  const fieldSelect = (field: Field, disabled: boolean) => (
    <label className="design-field">
      <Typography.Text type="secondary">{t(`design.fields.${field}`)}</Typography.Text>
      <Select
        value={shared(chosenDesigns, field)}
        onChange={(v?: string) => setField(field, v)}
        allowClear
        disabled={disabled}
        placeholder={
          chosen.length > 1 && chosenDesigns.some((d) => d?.[field]) && !shared(chosenDesigns, field)
            ? t('design.panel.mixed')
            : t('design.panel.choose')
        }
        options={options[field]}
        showSearch={field !== 'kind' ? { optionFilterProp: 'label' } : undefined}
        style={{ width: '100%' }}
        data-testid={`design-${field}`}
        aria-label={t(`design.fields.${field}`)}
      />
    </label>
  );

  return (
    <Flex vertical gap={16}>
      <div className="design-layout">
        <Card size="small" className="design-chart-card">
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">{t('design.panel.hint')}</Typography.Text>
            <label>
              <Flex align="center" gap={6}>
                <Switch
                  size="small"
                  checked={deciduous}
                  onChange={setDeciduous}
                  data-testid="design-deciduous"
                />
                <span>{t('design.chart.deciduous')}</span>
              </Flex>
            </label>
          </Flex>
          <ToothChart
            teeth={list}
            bridges={bridges}
            deciduous={deciduous}
            selected={selected}
            onToggle={toggle}
            data-testid="design-chart"
          />
          <ToothLegend />
        </Card>
        <Card
          size="small"
          className="design-panel"
          title={
            chosen.length ? t('design.panel.selected', { teeth: chosen.join(', ') }) : t('design.panel.title')
          }
          data-testid="design-panel"
        >
          <Flex vertical gap={10}>
            {chosen.length === 0 && (
              <Typography.Text type="secondary">{t('design.panel.none')}</Typography.Text>
            )}
            {fieldSelect('kind', chosen.length === 0)}
            {fieldSelect('material', !allHaveKind)}
            {fieldSelect('shade', !allHaveKind)}
            {fieldSelect('implantType', !allHaveKind)}
            {chosen.length > 0 && !allHaveKind && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('design.panel.kindFirst')}
              </Typography.Text>
            )}
            <Flex gap={8} wrap>
              <Button
                icon={<LinkOutlined />}
                disabled={!areNeighbours(chosen)}
                onClick={connect}
                data-testid="design-connect"
                title={areNeighbours(chosen) ? undefined : t('design.panel.bridgeHint')}
              >
                {t('design.panel.connect')}
              </Button>
              <Button icon={<DisconnectOutlined />} disabled={!inBridge} onClick={disconnect}>
                {t('design.panel.disconnect')}
              </Button>
            </Flex>
            <Flex gap={8} wrap>
              <Popconfirm
                title={t('design.panel.clearConfirm', { teeth: chosen.join(', ') })}
                onConfirm={clearSelected}
                okText={t('design.panel.clear')}
                cancelText={t('common.cancel')}
                disabled={chosen.length === 0}
              >
                <Button danger icon={<ClearOutlined />} disabled={chosen.length === 0}>
                  {t('design.panel.clear')}
                </Button>
              </Popconfirm>
              <Button type="link" disabled={chosen.length === 0} onClick={() => setSelected(new Set())}>
                {t('design.panel.deselect')}
              </Button>
            </Flex>
          </Flex>
        </Card>
      </div>
      <Card size="small" title={t('design.fields.note')}>
        <Input.TextArea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={DESIGN_NOTE_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={t('design.notePlaceholder')}
          data-testid="design-note-input"
          aria-label={t('design.fields.note')}
          style={{ marginBottom: 20 }}
        />
      </Card>
      {problem && (
        <Alert
          type="warning"
          showIcon
          title={t(problem.kind === 'tooth' ? 'errors.design.tooth' : 'errors.design.bridge')}
        />
      )}
      <Flex gap={8} justify="flex-end" align="center" wrap className="design-save-bar">
        <Typography.Text type="secondary" data-testid="design-dirty">
          {dirty ? t('design.unsaved') : design.updatedAt ? t('design.upToDate') : t('design.empty.sender')}
        </Typography.Text>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          disabled={!dirty}
          loading={save.isPending}
          onClick={onSave}
          data-testid="design-save"
        >
          {t('design.actions.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
