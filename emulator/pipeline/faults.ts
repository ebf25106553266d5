/**
 * Injected faults and the request log, the two control-plane views of the
 * request pipeline.
 */
import type { Fault, FaultSpec, RequestLogEntry } from "../types";

type Matcher = (path: string) => boolean;

function pathMatcher(spec: string | undefined): Matcher {
  if (spec === undefined || spec === "" || spec === "*") return () => true;
  if (spec.startsWith("re:")) {
    const re = new RegExp(spec.slice(3));
    return (p) => re.test(p);
  }
  if (spec.includes("{")) {
    // A route template: each {param} stands for one path segment.
    const escaped = spec.split(/\{[^}/]+\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const re = new RegExp(`^${escaped.join("[^/]+")}$`);
    return (p) => re.test(p);
  }
  return (p) => p === spec;
}

interface ActiveFault {
  fault: Fault;
  matches: Matcher;
}

export class FaultRegistry {
  private faults: ActiveFault[] = [];
  private counter = 0;

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: `fault_${++this.counter}`, hits: 0 };
    this.faults.push({ fault, matches: pathMatcher(spec.path) });
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f.fault }));
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.fault.id !== id);
    return this.faults.length !== before;
  }

  clear(): void {
    this.faults = [];
  }

  /**
   * The first fault that matches and wins its ratio roll, counted as a hit;
   * a fault that has used up `times` is retired.
   */
  take(method: string, path: string): Fault | undefined {
    for (const active of this.faults) {
      const { fault } = active;
      const m = fault.method?.toUpperCase();
      if (m && m !== "*" && m !== method) continue;
      if (!active.matches(path)) continue;
      if (fault.ratio !== undefined && Math.random() >= fault.ratio) continue;
      fault.hits++;
      if (fault.times !== undefined && fault.hits >= fault.times) this.remove(fault.id);
      return { ...fault };
    }
    return undefined;
  }
}

/**
 * How many entries the request log keeps: the newest 10,000 (a few MB). It is
 * a ring, so a long run (a benchmark, a fuzzing suite) cannot grow it without
 * bound, and adding stays O(1). Readers that page with `since` get what is
 * still kept; sequence numbers never repeat, so a gap shows what was dropped.
 */
export const LOG_CAPACITY = 10_000;

export class RequestLog {
  private ring: Array<RequestLogEntry | undefined>;
  /** Index of the oldest kept entry, and how many are kept. */
  private head = 0;
  private size = 0;
  private seq = 0;

  constructor(readonly capacity = LOG_CAPACITY) {
    this.ring = new Array<RequestLogEntry | undefined>(capacity);
  }

  add(entry: Omit<RequestLogEntry, "seq">): RequestLogEntry {
    const full: RequestLogEntry = { seq: ++this.seq, ...entry };
    if (this.size < this.capacity) {
      this.ring[(this.head + this.size) % this.capacity] = full;
      this.size++;
    } else {
      this.ring[this.head] = full;
      this.head = (this.head + 1) % this.capacity;
    }
    return full;
  }

  private at(i: number): RequestLogEntry {
    return this.ring[(this.head + i) % this.capacity]!;
  }

  /** Kept entries, oldest first: those after `since` (found by bisection, sequence numbers increase) and of one API. */
  list(filter: { since?: number; api?: RequestLogEntry["api"] } = {}): RequestLogEntry[] {
    let lo = 0;
    if (filter.since !== undefined) {
      let hi = this.size;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.at(mid).seq > filter.since) hi = mid;
        else lo = mid + 1;
      }
    }
    const out: RequestLogEntry[] = [];
    for (let i = lo; i < this.size; i++) {
      const e = this.at(i);
      if (!filter.api || e.api === filter.api) out.push(e);
    }
    return out;
  }

  /** Empties the log; sequence numbers keep increasing so `since` cursors stay valid. */
  clear(): void {
    this.ring = new Array<RequestLogEntry | undefined>(this.capacity);
    this.head = 0;
    this.size = 0;
  }

  /** Empties the log and restarts sequence numbers at 1. */
  reset(): void {
    this.clear();
    this.seq = 0;
  }
}
