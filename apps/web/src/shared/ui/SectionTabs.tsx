import type { ReactNode } from 'react';
import { Select, Tabs } from 'antd';
import { useViewportMode } from './use-viewport.ts';
import './section-tabs.css';

export interface Section {
  key: string;
  /** The tab's whole name: shown in full at every width. */
  label: string;
  icon?: ReactNode;
  /** A test id on the tab's name (on the bar). */
  testId?: string;
  children: ReactNode;
}

interface SectionTabsProps {
  /** The tabs' id: the panels are `${id}-panel-${key}`, named by `${id}-tab-${key}`. */
  id: string;
  sections: Section[];
  activeKey: string;
  onChange: (key: string) => void;
  /** On a phone, choose the section from a list showing whole names (many sections) instead of the wrapped bar. */
  pickOnPhone?: { label: string };
  destroyOnHidden?: boolean;
}

/**
 * A page's sections as tabs every person can read and reach at every width: the bar wraps onto a second row rather
 * than folding tabs under "…" (whose menu could stay open over a dialog, and cut names such as "Client dow…"); with
 * `pickOnPhone`, a phone picks the section from a list instead. The panels stay antd's tab panels either way.
 */
export function SectionTabs({
  id,
  sections,
  activeKey,
  onChange,
  pickOnPhone,
  destroyOnHidden,
}: SectionTabsProps) {
  const mobile = useViewportMode() === 'mobile';
  const picker = pickOnPhone && mobile;
  return (
    <Tabs
      id={id}
      className="section-tabs"
      activeKey={activeKey}
      onChange={onChange}
      destroyOnHidden={destroyOnHidden}
      items={sections.map((section) => ({
        key: section.key,
        icon: section.icon,
        label: section.testId ? <span data-testid={section.testId}>{section.label}</span> : section.label,
        children: section.children,
      }))}
      renderTabBar={
        picker
          ? () => (
              <Select
                value={activeKey}
                onChange={onChange}
                aria-label={pickOnPhone.label}
                virtual={false}
                listHeight={520}
                options={sections.map((section) => ({ value: section.key, label: section.label }))}
                // The panel is named by the section shown in the picker, as a tab would name it.
                labelRender={({ value, label }) => <span id={`${id}-tab-${String(value)}`}>{label}</span>}
                optionRender={(option) => (
                  <span style={{ whiteSpace: 'normal' }} data-testid={`${id}-option-${String(option.value)}`}>
                    {option.label}
                  </span>
                )}
                style={{ width: '100%', marginBottom: 16 }}
                data-testid={`${id}-picker`}
              />
            )
          : undefined
      }
    />
  );
}
