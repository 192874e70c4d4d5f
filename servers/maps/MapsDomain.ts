import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { MAPS_REFERENCE_DATE, type MapsState } from './MapsState.js';
import { mapsInvariants } from './mapsInvariants.js';
import { mapsPhrasings } from './mapsPhrasings.js';
import { mapsSamplers } from './mapsSamplers.js';
import { mapsScenarios } from './mapsScenarios.js';
import { autocompleteMapsPlaces, geocodeMapsAddress, getMapsPlaceDetails, reverseGeocodeMapsLocation, searchMapsNearby, searchMapsPlaces, writeMapsReview } from './placeTools.js';
import { deleteMapsHistoryEntry, getMapsDirections, getMapsDistanceMatrix, listMapsHistory, startMapsNavigation } from './routeTools.js';
import { listMapsSavedPlaces, removeMapsSavedPlace, saveMapsPlace, setMapsLabeledPlace } from './savedTools.js';

/** Maps after the Google Maps Platform: geocoding, places, routes and matrices over a generated New York, with saved places and history. */
export const mapsDomain = defineDomain<MapsState>({
  name: 'maps',
  title: 'Maps',
  category: 'travel',
  description:
    'A Google Maps Platform-style maps service over a generated New York (a grid of 20 streets and 12 avenues in ten neighbourhoods, one-way ' +
    'streets, an expressway, three subway lines): geocoding and reverse geocoding, place autocomplete, text and nearby search of about 300 ' +
    'places with categories, opening hours and ratings, directions and travel-time matrices by driving, walking, bicycling or transit from a ' +
    'deterministic road graph, and the signed-in user\'s saved lists, home and work, reviews and navigation history.',
  tools: [
    geocodeMapsAddress,
    reverseGeocodeMapsLocation,
    autocompleteMapsPlaces,
    searchMapsPlaces,
    searchMapsNearby,
    getMapsPlaceDetails,
    getMapsDirections,
    getMapsDistanceMatrix,
    startMapsNavigation,
    listMapsHistory,
    deleteMapsHistoryEntry,
    saveMapsPlace,
    listMapsSavedPlaces,
    removeMapsSavedPlace,
    setMapsLabeledPlace,
    writeMapsReview,
  ],
  loadWorld: () => loadFixture<MapsState>('maps'),
  defaultReferenceDate: MAPS_REFERENCE_DATE,
  samplers: mapsSamplers,
  invariants: mapsInvariants,
  phrasings: mapsPhrasings,
  scenarios: mapsScenarios,
});

export default mapsDomain;
