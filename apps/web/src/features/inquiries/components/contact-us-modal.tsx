import { Modal, Tabs } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactForm } from './contact-form.tsx';
import { InquiryList } from './inquiry-list.tsx';

/** Menu "contact us": a new inquiry and the clinician's own list. */
export function ContactUsModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('new');
  return (
    <Modal opened={opened} onClose={onClose} title={t('inquiries.contact.title')} size="lg" centered>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="new">{t('inquiries.contact.newTab')}</Tabs.Tab>
          <Tabs.Tab value="mine">{t('inquiries.list.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="new">
          <ContactForm onSent={() => setTab('mine')} />
        </Tabs.Panel>
        <Tabs.Panel value="mine">
          <InquiryList />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
