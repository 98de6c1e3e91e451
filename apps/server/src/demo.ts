import type { FastifyBaseLogger } from 'fastify';
import type { Principal, RequestContext } from './context.ts';
import type { Database } from './db/client.ts';
import type { CategoryService } from './modules/category/category.service.ts';
import type { ManagerNoteService } from './modules/manager-note/manager-note.service.ts';
import type { PatientService } from './modules/patient/patient.service.ts';
import { managerRepository, userRepository } from './modules/user/user.repository.ts';
import type { UserService } from './modules/user/user.service.ts';

/** A signature of one transparent pixel: the demo clinician has not signed anything yet. */
const blankSignature =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface DemoOptions {
  db: Database;
  services: { users: UserService; patients: PatientService; notes: ManagerNoteService; categories: CategoryService };
  email: string;
  password: string;
  log: FastifyBaseLogger;
}

const demoContext: RequestContext = {
  language: 'en',
  ip: '127.0.0.1',
  userAgent: 'demo seed',
  refreshToken: undefined,
  principal: undefined,
  patient: undefined,
  requestId: 'demo-seed',
  timeZone: 'UTC',
};

/** Creates the demo clinician and their patients through the services, on an empty database only. */
export async function seedDemo({ db, services, email: givenEmail, password, log }: DemoOptions): Promise<void> {
  const email = givenEmail.toLowerCase();
  const repository = userRepository(db);
  const existing = await repository.findLiveByEmail(email);
  if (!existing && (await repository.any())) return;
  if (!existing) {
    await services.users.signUp(
      {
        userId: 'demo',
        firstName: 'Dana',
        lastName: 'Demo',
        userEmail: email,
        userPassword: password,
        title: 'DPT',
        npiNumber: '1234567893',
        signatureImage: blankSignature,
        certificationCode: undefined,
        agreeTerms: true,
        agreePrivacy: true,
        agreePersonalInfo: true,
        agreeProvider: true,
      },
      demoContext,
    );
  }
  const demo = await repository.findLiveByEmail(email);
  const manager = demo && (await managerRepository(db).findByUser(demo.seqUser));
  if (!demo || !manager) return;
  // Verified here too, so a start interrupted between the two steps is mended by the next one.
  if (!demo.emailVerifiedAt) await repository.setEmailVerified(demo.seqUser, new Date());
  if (!existing) {
    await seedPatients(services, { seqUser: demo.seqUser, seqManager: manager.seqManager, sessionId: 'demo-seed' });
    log.info('demo clinician and patients created');
  }
  // The demo login is public by design (README); it is printed for the person starting the app.
  process.stdout.write(
    `\nDemo clinician: ${email} / ${existing ? '(password as set when it was created)' : password}\n\n`,
  );
}

const firstNames = ['Min-jun', 'Olivia', 'Jakub', 'Wing Yan', 'Ethan', 'Seo-yeon', 'Tereza', 'Liam', 'Ka Ho', 'Emma'];
const lastNames = ['Kim', 'Novak', 'Chan', 'Smith', 'Park', 'Dvořák', 'Wong', 'Johnson', 'Lee', 'Svoboda'];
const conditions = [
  { primaryDiagnosis: 'Ischemic stroke', onsetKind: 'stroke', paralysisPart: 'upper_extremity', joint: 1 },
  { primaryDiagnosis: 'Hemorrhagic stroke', onsetKind: 'stroke', paralysisPart: 'upper_and_lower', joint: 2 },
  {
    primaryDiagnosis: 'Total knee arthroplasty',
    onsetKind: 'orthopedic_surgery',
    paralysisPart: 'lower_extremity',
    joint: 3,
  },
  {
    primaryDiagnosis: 'ACL reconstruction',
    onsetKind: 'orthopedic_surgery',
    paralysisPart: 'lower_extremity',
    joint: 3,
  },
  {
    primaryDiagnosis: 'Ankle fracture, ORIF',
    onsetKind: 'orthopedic_surgery',
    paralysisPart: 'lower_extremity',
    joint: 4,
  },
] as const;
const mmtProgress = ['2', '2+', '3-', '3', '3+', '4-', '4'] as const;

/** Forty patients of both device types: thirty active (the free limit), ten inactive. */
async function seedPatients(services: DemoOptions['services'], principal: Principal): Promise<void> {
  const { patients, notes, categories } = services;
  const stroke = await categories.save(principal, { categoryName: 'Stroke' });
  const ortho = await categories.save(principal, { categoryName: 'Orthopedic' });
  const ids: number[] = [];
  for (let i = 0; i < 40; i++) {
    if (i === 30) {
      // The free plan holds thirty active patients: the first ten are discharged to make room.
      for (const id of ids.slice(0, 10)) await patients.setActivation(principal, id, false, demoContext);
    }
    const condition = conditions[i % conditions.length]!;
    const firstName = firstNames[i % firstNames.length]!;
    const lastName = lastNames[Math.floor(i / 4) % lastNames.length]!;
    const { seqMedicalRelation } = await patients.addWithoutCode(
      principal,
      {
        patientName: `${firstName} ${lastName}`,
        patientEmail: `${firstName}.${lastName}.${i}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + '@example.com',
        patientInfoBirth: `${1945 + ((i * 7) % 50)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
        patientInfoGender: i % 3 === 2 ? null : i % 2 === 0 ? 'M' : 'F',
        heightCm: 150 + ((i * 13) % 40),
        weightKg: 50 + ((i * 17) % 45),
        deviceType: i % 3 === 0 ? 2 : 1,
      },
      demoContext,
    );
    ids.push(seqMedicalRelation);
    const isStroke = condition.onsetKind === 'stroke';
    await categories.setForPatient(
      principal,
      seqMedicalRelation,
      [isStroke ? stroke.seqCategory : ortho.seqCategory],
      demoContext,
    );
    // A first and a later assessment: the history a report compares.
    for (const [step, mmt] of [mmtProgress[i % 3]!, mmtProgress[(i % 3) + 3]!].entries()) {
      await patients.appendStatus(
        principal,
        seqMedicalRelation,
        {
          ...condition,
          secondaryDiagnosis: isStroke ? 'Hypertension' : null,
          onsetDate: `2026-0${(i % 8) + 1}-1${i % 9}`,
          onsetPeriod: step === 0 ? 'acute' : 'subacute',
          paralysisPosition: i % 2 === 0 ? 'left' : 'right',
          brainLesion: isStroke ? (i % 6) + 1 : 0,
          infection: 0,
          medication: isStroke ? 'Aspirin' : 'Acetaminophen',
          dose: isStroke ? '100 mg daily' : '500 mg as needed',
          mmt,
          mrs: isStroke ? (String(3 - step) as '3' | '2') : 'N/A',
          chiefComplaint: isStroke ? 'Weak grip and stiff elbow' : 'Pain and stiffness when bending',
        },
        demoContext,
      );
    }
    await notes.add(
      principal,
      {
        seqMedicalRelation,
        noteTitle: 'Initial assessment',
        noteContent: `Started the ${isStroke ? 'upper limb' : 'lower limb'} program on the ${i % 3 === 0 ? 'pro' : 'home'} device.`,
        isImportant: i % 5 === 0,
        isPublic: false,
      },
      demoContext,
    );
    await notes.add(
      principal,
      {
        seqMedicalRelation,
        noteTitle: 'Home exercise advice',
        noteContent: 'Two sessions a day; stop and call the clinic if the pain rises above 5 of 10.',
        isImportant: false,
        isPublic: true,
      },
      demoContext,
    );
  }
}
