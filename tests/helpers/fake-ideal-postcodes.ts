import { startFakeService, type FakeService } from './fake-service.ts';

/**
 * A local stand-in for Ideal Postcodes' postcode API: `GET /v1/postcodes/:postcode?api_key=…`
 * answers `{result: [address…], code: 2000, message: 'Success'}` as the service documents
 * (Royal Mail's lines in `line_1`–`line_3`, the post town in capitals), 404 with code 4040
 * for a postcode it does not know, and 401 with code 4010 for a wrong key.
 */
export const FAKE_IDEAL_POSTCODES_KEY = 'ak_fake_ideal_postcodes_key';

const address = (
  lines: [string, string?, string?],
  postTown: string,
  postcode: string,
  extra: Record<string, unknown> = {},
) => ({
  postcode,
  postcode_inward: postcode.split(' ')[1],
  postcode_outward: postcode.split(' ')[0],
  post_town: postTown,
  dependant_locality: '',
  double_dependant_locality: '',
  thoroughfare: '',
  building_number: '',
  building_name: '',
  sub_building_name: '',
  organisation_name: '',
  line_1: lines[0],
  line_2: lines[1] ?? '',
  line_3: lines[2] ?? '',
  premise: lines[0],
  country: 'England',
  county: '',
  udprn: Math.floor(Math.random() * 1e8),
  uprn: '',
  ...extra,
});

/** The fake's addresses, by normalised postcode. */
export const FAKE_ADDRESSES: Record<string, ReturnType<typeof address>[]> = {
  'SW1A 1AA': [address(['Buckingham Palace'], 'LONDON', 'SW1A 1AA')],
  'ST4 1AB': [
    address(['Flat 1', 'Example House', '12 High Street'], 'STOKE-ON-TRENT', 'ST4 1AB'),
    address(['Flat 2', 'Example House', '12 High Street'], 'STOKE-ON-TRENT', 'ST4 1AB'),
    address(['14 High Street'], 'STOKE-ON-TRENT', 'ST4 1AB'),
  ],
  'NE1 4XF': [address(['3 Quayside', 'Sandhill'], 'NEWCASTLE UPON TYNE', 'NE1 4XF')],
};

export interface RecordedLookup {
  path: string;
  postcode: string;
  apiKey: string | null;
}

export interface FakeIdealPostcodes extends FakeService {
  requests: RecordedLookup[];
}

export async function startFakeIdealPostcodes(): Promise<FakeIdealPostcodes> {
  const requests: RecordedLookup[] = [];
  const service = await startFakeService({
    failure: (status) => ({ code: status * 10, message: 'Service unavailable' }),
    answer(request, url) {
      const route = /^\/v1\/postcodes\/([^/]+)$/.exec(url.pathname);
      const postcode = route ? decodeURIComponent(route[1]!) : '';
      requests.push({ path: url.pathname, postcode, apiKey: url.searchParams.get('api_key') });
      if (!route || request.method !== 'GET') {
        return { status: 404, body: { code: 4044, message: 'Resource not found' } };
      }
      if (url.searchParams.get('api_key') !== FAKE_IDEAL_POSTCODES_KEY) {
        return { status: 401, body: { code: 4010, message: 'Invalid Key' } };
      }
      // The service takes a postcode in any case and spacing.
      const wanted = postcode.replace(/\s+/g, '').toUpperCase();
      const key = Object.keys(FAKE_ADDRESSES).find((k) => k.replace(' ', '') === wanted);
      if (!key) {
        return {
          status: 404,
          body: { code: 4040, message: 'Postcode Not Found', suggestions: [] },
        };
      }
      return { status: 200, body: { result: FAKE_ADDRESSES[key], code: 2000, message: 'Success' } };
    },
  });
  return { ...service, requests };
}
