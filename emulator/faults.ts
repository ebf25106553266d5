/**
 * Injected faults and the request log, the two control-plane views of the
 * request pipeline.
 */
import type { Fault, FaultSpec, RequestLogEntry } from "./types";

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

const LOG_CAPACITY = 10_000;

export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;

  add(entry: Omit<RequestLogEntry, "seq">): RequestLogEntry {
    const full: RequestLogEntry = { seq: ++this.seq, ...entry };
    this.entries.push(full);
    if (this.entries.length > LOG_CAPACITY) this.entries.splice(0, this.entries.length - LOG_CAPACITY);
    return full;
  }

  list(filter: { since?: number; api?: RequestLogEntry["api"] } = {}): RequestLogEntry[] {
    return this.entries.filter(
      (e) => (filter.since === undefined || e.seq > filter.since) && (!filter.api || e.api === filter.api),
    );
  }

  /** Empties the log; sequence numbers keep increasing so `since` cursors stay valid. */
  clear(): void {
    this.entries = [];
  }

  /** Empties the log and restarts sequence numbers at 1. */
  reset(): void {
    this.entries = [];
    this.seq = 0;
  }
}
