import { haversineMetres } from '@safeshore/domain';

/**
 * Which Beachwatch site speaks for which beach (pure; no I/O).
 *
 * Automatic rules, for sites the operator has not mapped:
 * 1. a beach with the same normalised name within 1 km of the site (nearest if several);
 * 2. else the nearest beach within 300 m.
 * A site covers one beach: when several beaches qualify, the best (name before distance, then the
 * nearest) is chosen and the choice is reported as ambiguous. When several sites pick the same
 * beach, the best site keeps it (same rule) and the others are reported.
 *
 * Operator mapping rows (site id → beach key, or "none") override the automatic rules for that
 * site: "none" means the site speaks for no beach; several rows for one site let it cover several
 * beaches (the only way a site covers more than one). A beach mapped by the operator is not
 * offered to the automatic rules.
 */

export const NAME_MATCH_METRES = 1_000;
export const NEAREST_MATCH_METRES = 300;

export interface MatchSite {
  id: string;
  siteName: string;
  latitude: number;
  longitude: number;
}

export interface MatchBeach {
  key: string;
  title: string;
  latitude: number;
  longitude: number;
}

/** Operator rows: site id → beach keys (several allowed), or the single value 'none'. */
export type OperatorMapping = ReadonlyMap<string, readonly string[] | 'none'>;

export type MatchKind = 'operator' | 'name' | 'distance';

export interface SiteMatch {
  siteId: string;
  beachKey: string;
  distanceM: number;
  kind: MatchKind;
}

export interface Ambiguity {
  siteId: string;
  /** Beaches that qualified for this site (the chosen one first), or sites that wanted the beach. */
  candidates: string[];
  chosen: string | null;
  reason: 'several beaches qualify' | 'beach wanted by several sites';
}

export interface MatchResult {
  /** By beach key: the one site that speaks for it. */
  byBeach: Map<string, SiteMatch>;
  /** Sites that speak for no beach (no candidate, mapped to "none", or lost a contest). */
  unmatchedSites: string[];
  ambiguous: Ambiguity[];
  /** Operator rows naming a beach key that is not in the catalogue (left out). */
  unknownBeachKeys: string[];
}

/** Lower case, no accents, no parenthesised qualifier, no punctuation, without "beach"/"the". */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word && word !== 'beach' && word !== 'the')
    .join(' ');
}

const kindRank: Record<MatchKind, number> = { operator: 0, name: 1, distance: 2 };
const better = (a: SiteMatch, b: SiteMatch) =>
  kindRank[a.kind] - kindRank[b.kind] || a.distanceM - b.distanceM || a.siteId.localeCompare(b.siteId);

export function matchSites(
  sites: readonly MatchSite[],
  beaches: readonly MatchBeach[],
  operator: OperatorMapping = new Map(),
): MatchResult {
  const beachByKey = new Map(beaches.map((b) => [b.key, b]));
  const byBeach = new Map<string, SiteMatch>();
  const matchedSites = new Set<string>();
  const ambiguous: Ambiguity[] = [];
  const unknownBeachKeys: string[] = [];
  const siteById = new Map(sites.map((s) => [s.id, s]));

  // 1. The operator's word.
  for (const [siteId, target] of operator) {
    if (target === 'none') continue;
    const site = siteById.get(siteId);
    for (const key of target) {
      const beach = beachByKey.get(key);
      if (!beach) {
        unknownBeachKeys.push(key);
        continue;
      }
      if (!site) continue; // the site is not in today's feed: nothing to show
      byBeach.set(key, {
        siteId,
        beachKey: key,
        distanceM: Math.round(haversineMetres(site, beach)),
        kind: 'operator',
      });
      matchedSites.add(siteId);
    }
  }

  // 2. Each remaining site proposes its best beach.
  const proposals = new Map<string, SiteMatch[]>();
  const names = new Map(beaches.map((b) => [b.key, normaliseName(b.title)]));
  for (const site of sites) {
    if (operator.has(site.id)) continue;
    const siteName = normaliseName(site.siteName);
    const measured = beaches
      .filter((b) => !byBeach.has(b.key))
      .map((b) => ({ beach: b, distanceM: haversineMetres(site, b) }));
    let candidates = measured.filter(
      (m) => m.distanceM <= NAME_MATCH_METRES && siteName !== '' && names.get(m.beach.key) === siteName,
    );
    let kind: MatchKind = 'name';
    if (candidates.length === 0) {
      candidates = measured.filter((m) => m.distanceM <= NEAREST_MATCH_METRES);
      kind = 'distance';
    }
    if (candidates.length === 0) continue;
    candidates.sort((a, b) => a.distanceM - b.distanceM || a.beach.key.localeCompare(b.beach.key));
    const best = candidates[0]!;
    if (candidates.length > 1) {
      ambiguous.push({
        siteId: site.id,
        candidates: candidates.map((c) => c.beach.key),
        chosen: best.beach.key,
        reason: 'several beaches qualify',
      });
    }
    const proposal: SiteMatch = {
      siteId: site.id,
      beachKey: best.beach.key,
      distanceM: Math.round(best.distanceM),
      kind,
    };
    proposals.set(best.beach.key, [...(proposals.get(best.beach.key) ?? []), proposal]);
  }

  // 3. One site per beach.
  for (const [beachKey, wanting] of proposals) {
    wanting.sort(better);
    const winner = wanting[0]!;
    byBeach.set(beachKey, winner);
    matchedSites.add(winner.siteId);
    if (wanting.length > 1) {
      for (const loser of wanting.slice(1)) {
        ambiguous.push({
          siteId: loser.siteId,
          candidates: wanting.map((w) => w.siteId),
          chosen: null,
          reason: 'beach wanted by several sites',
        });
      }
    }
  }

  return {
    byBeach,
    unmatchedSites: sites.filter((s) => !matchedSites.has(s.id)).map((s) => s.id),
    ambiguous,
    unknownBeachKeys: [...new Set(unknownBeachKeys)],
  };
}
