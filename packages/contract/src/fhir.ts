/**
 * The codes of the FHIR R4 API, written once (decision 0020): the code systems, the robots' joints
 * and sides in SNOMED CT, and the range-of-motion code table, each code with its source.
 */
export const fhirSystems = {
  loinc: 'http://loinc.org',
  snomed: 'http://snomed.info/sct',
  ucum: 'http://unitsofmeasure.org',
  npi: 'http://hl7.org/fhir/sid/us-npi',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  participationMode: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode',
  documentCategory: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category',
  confidentiality: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  conditionVerification: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
} as const;

/** The smallest or the largest angle of a device session. */
export type RomExtreme = 'min' | 'max';
export type RomJointKey = 'elbow' | 'wrist' | 'knee' | 'ankle';
export type RomModeKey = 'active' | 'passive';

/** A code and where it was checked. */
interface SourcedCode {
  code: string;
  display: string;
  source: string;
}

const dicomExtremity =
  'DICOM CID 1006 (github.com/bvdh/dicom-terminology-in-fhir, ValueSet-dicom-cid-1006-AnatomicalReferenceBasisExtremity.fsh)';

/** The joints (SPEC's exercise positions) as SNOMED CT body structures. */
export const romJoints: Record<number, SourcedCode & { key: RomJointKey; name: string }> = {
  1: { key: 'elbow', name: 'Elbow', code: '16953009', display: 'Elbow joint structure', source: dicomExtremity },
  2: { key: 'wrist', name: 'Wrist', code: '74670003', display: 'Wrist joint structure', source: dicomExtremity },
  3: { key: 'knee', name: 'Knee', code: '49076000', display: 'Knee joint structure', source: dicomExtremity },
  4: { key: 'ankle', name: 'Ankle', code: '70258002', display: 'Ankle joint structure', source: dicomExtremity },
};

const dicomLaterality =
  'DICOM CID 247 (github.com/bvdh/dicom-terminology-in-fhir, ValueSet-dicom-cid-247-LateralityLeftRightOnly.fsh)';

/** The sides (SPEC's exercise directions) as SNOMED CT qualifier values. */
export const romSides: Record<number, SourcedCode & { key: 'left' | 'right'; name: string }> = {
  1: { key: 'left', name: 'Left', code: '7771000', display: 'Left', source: dicomLaterality },
  2: { key: 'right', name: 'Right', code: '24028007', display: 'Right', source: dicomLaterality },
};

/** SNOMED CT's Laterality attribute, which qualifies a body structure with its side in an expression. */
export const snomedLaterality: SourcedCode = {
  code: '272741003',
  display: 'Laterality',
  source: 'SNOMED CT concept model (Laterality (attribute)), as in SNOMED CT compositional grammar',
};

/** The joint structure with its side, as a SNOMED CT post-coordinated expression (FHIR takes one as a code). */
export function lateralJointCode(position: number, direction: number): { code: string; display: string } | undefined {
  const joint = romJoints[position];
  if (!joint) return undefined;
  const side = romSides[direction];
  if (!side) return { code: joint.code, display: joint.display };
  return {
    code: `${joint.code}:${snomedLaterality.code}=${side.code}`,
    display: `${joint.display}, ${side.display.toLowerCase()}`,
  };
}

/** The modes of SPEC's exercises by how the joint moved: by the patient (active), or by the robot (passive). */
export const romModes: Record<RomModeKey, readonly number[]> = { active: [0, 3], passive: [1, 2] };

export const romModeOf = (mode: number): RomModeKey | undefined =>
  romModes.active.includes(mode) ? 'active' : romModes.passive.includes(mode) ? 'passive' : undefined;

const smartMarkers =
  'SMARTMarkers, RangeOfMotionObservation (github.com/SMARTMarkers/smartmarkers-ios), LOINC long common names';

/**
 * The LOINC code of a side's range of motion, where one is known: the knee's flexion (the largest
 * angle) and extension (the smallest) in active motion. The elbow's, wrist's and ankle's, and
 * passive motion, are not coded with LOINC here until each code is checked against the LOINC table.
 */
const romLoinc: Partial<Record<`${RomJointKey}-${RomExtreme}-${RomModeKey}-${'left' | 'right'}`, SourcedCode>> = {
  'knee-max-active-left': {
    code: '41343-5',
    display: 'Knee - left Flexion Active Range of Motion Quantitative',
    source: smartMarkers,
  },
  'knee-min-active-left': {
    code: '41345-0',
    display: 'Knee - left Extension Active Range of Motion Quantitative',
    source: smartMarkers,
  },
  'knee-max-active-right': {
    code: '41347-6',
    display: 'Knee - right Flexion Active Range of Motion Quantitative',
    source: smartMarkers,
  },
  'knee-min-active-right': {
    code: '41349-2',
    display: 'Knee - right Extension Active Range of Motion Quantitative',
    source: smartMarkers,
  },
};

/** One angle of a session as the product codes it: always its own code, and LOINC's where the table has one. */
export interface RomCode {
  /** The product's code (its code system: the API's `CodeSystem/rom`). */
  code: string;
  display: string;
  loinc?: SourcedCode;
}

/** The code of the smallest or largest angle of a session of a joint in a mode on a side. */
export function romCodeOf(position: number, mode: number, extreme: RomExtreme, direction: number): RomCode | undefined {
  const joint = romJoints[position];
  const modeKey = romModeOf(mode);
  if (!joint || !modeKey) return undefined;
  const side = romSides[direction];
  const loinc = side && romLoinc[`${joint.key}-${extreme}-${modeKey}-${side.key}`];
  return {
    code: `${joint.key}-${extreme}-${modeKey}`,
    display: `${joint.name}, ${extreme === 'min' ? 'smallest' : 'largest'} angle of ${modeKey} motion`,
    ...(loinc && { loinc }),
  };
}

/** What a code searched for stands for: the joint (position), the modes, the angle, and the side if the code has one. */
export interface RomSelection {
  position: number;
  modes: readonly number[];
  extreme: RomExtreme;
  direction?: number;
}

/** The sessions' angles a product or LOINC code names; none for a code of neither. */
export function romSelectionsOf(system: 'product' | 'loinc', code: string): RomSelection[] {
  const selections: RomSelection[] = [];
  for (const [position, joint] of Object.entries(romJoints))
    for (const extreme of ['min', 'max'] as const)
      for (const modeKey of ['active', 'passive'] as const) {
        const base = { position: Number(position), modes: romModes[modeKey], extreme };
        if (system === 'product' && code === `${joint.key}-${extreme}-${modeKey}`) selections.push(base);
        if (system === 'loinc')
          for (const [direction, side] of Object.entries(romSides))
            if (romLoinc[`${joint.key}-${extreme}-${modeKey}-${side.key}`]?.code === code)
              selections.push({ ...base, direction: Number(direction) });
      }
  return selections;
}
