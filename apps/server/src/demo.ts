import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import { userRepository } from './modules/user/user.repository.ts';
import type { UserService } from './modules/user/user.service.ts';

/** A signature of one transparent pixel: the demo clinician has not signed anything yet. */
const blankSignature =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface DemoOptions {
  db: Database;
  users: UserService;
  email: string;
  password: string;
  log: FastifyBaseLogger;
}

/** Creates the demo clinician through the sign-up service, on an empty database only. */
export async function seedDemo({ db, users, email: givenEmail, password, log }: DemoOptions): Promise<void> {
  const email = givenEmail.toLowerCase();
  const repository = userRepository(db);
  const existing = await repository.findLiveByEmail(email);
  if (!existing && (await repository.any())) return;
  if (!existing) {
    await users.signUp(
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
      {
        language: 'en',
        ip: '127.0.0.1',
        userAgent: 'demo',
        refreshToken: undefined,
        principal: undefined,
        patient: undefined,
        requestId: 'demo',
        timeZone: 'UTC',
      },
    );
    log.info('demo clinician created');
  }
  // Verified here too, so a start interrupted between the two steps is mended by the next one.
  const demo = await repository.findLiveByEmail(email);
  if (demo && !demo.emailVerifiedAt) await repository.setEmailVerified(demo.seqUser, new Date());
  // The demo login is public by design (README); it is printed for the person starting the app.
  process.stdout.write(
    `\nDemo clinician: ${email} / ${existing ? '(password as set when it was created)' : password}\n\n`,
  );
}
