import { Combobox, InputBase, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from './select-field.tsx';

/** SPEC 9: the paged select moves its offset in steps of 2 pages. */
export const pagedSelectOffsetStep = 2;

/** The options matching a search, and the slice of them shown after `pages` pages. */
export function pageOfOptions(
  options: readonly SelectOption[],
  search: string,
  pages: number,
  pageSize: number,
): { shown: SelectOption[]; total: number } {
  const needle = search.trim().toLocaleLowerCase();
  const matching = needle ? options.filter((option) => option.label.toLocaleLowerCase().includes(needle)) : options;
  return { shown: matching.slice(0, pages * pageSize), total: matching.length };
}

export interface PagedSelectProps {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  /** A choice that stands for "no choice", e.g. "All categories". */
  emptyLabel?: string;
  pageSize?: number;
  size?: 'xs' | 'sm' | 'md';
}

/** SPEC 2 searchable paged select: type to search; scrolling to the end loads the next pages. */
export function PagedSelect({
  label,
  options,
  value,
  onChange,
  placeholder,
  emptyLabel,
  pageSize = 10,
  size,
}: PagedSelectProps): ReactElement {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [pages, setPages] = useState(pagedSelectOffsetStep);
  const selected = options.find((option) => option.value === value);
  const { shown, total } = useMemo(
    () => pageOfOptions(options, search, pages, pageSize),
    [options, search, pages, pageSize],
  );
  const more = shown.length < total;

  const choose = (next: string): void => {
    onChange(next === '' ? null : next);
    setSearch('');
    setPages(pagedSelectOffsetStep);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} size={size}>
      <Combobox.Target>
        <InputBase
          label={label}
          size={size}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          value={combobox.dropdownOpened ? search : (selected?.label ?? emptyLabel ?? '')}
          placeholder={placeholder}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPages(pagedSelectOffsetStep);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setSearch('');
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          <ScrollArea.Autosize
            mah={220}
            type="scroll"
            onBottomReached={() => {
              if (more) setPages((current) => current + pagedSelectOffsetStep);
            }}
          >
            {emptyLabel && !search && <Combobox.Option value="">{emptyLabel}</Combobox.Option>}
            {shown.map((option) => (
              <Combobox.Option key={option.value} value={option.value} active={option.value === value}>
                {option.label}
              </Combobox.Option>
            ))}
            {shown.length === 0 && <Combobox.Empty>{t('fields.nothingFound')}</Combobox.Empty>}
            {more && (
              <Text size="xs" c="dimmed" px="sm" py={4}>
                {t('fields.shownOf', { shown: shown.length, total })}
              </Text>
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
