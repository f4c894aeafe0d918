import type { Redis } from "ioredis";
import {
  type BrokerOptions,
  brokerKeys,
  closeConnection,
  connectBroker,
  DEFAULT_PREFIX,
} from "./broker-options.ts";
import {
  parseMessage,
  RunnerControlMessage,
  type ServerControlMessage as ServerControl,
  ServerControlMessage,
} from "./messages.ts";

const MAX_CONTROL_BYTES = 4096;

/** The sentence a revoked runner logs before it exits. */
export function revokedDetail(at: number): string {
  const day = new Date(at).toISOString().slice(0, 10);
  return `This runner's token was revoked on ${day}; issue a new one with npm run admin -- runner add.`;
}

/** Both sides: the pub/sub control channels. */
export class BrokerControl {
  private readonly keys: ReturnType<typeof brokerKeys>;
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private readonly listeners = new Map<string, ((text: string) => void)[]>();

  constructor(private readonly options: BrokerOptions) {
    this.keys = brokerKeys(options.prefix ?? DEFAULT_PREFIX);
  }

  /** Tells a runner whether the leader accepts it (or that its token was revoked). */
  async answerRunner(message: RunnerControlMessage): Promise<void> {
    await this.publish(this.keys.runnerControl, message);
  }

  /** Announces a revoked runner on both channels: the runner exits, the leader forgets it. */
  async announceRevoked(
    runnerId: string,
    detail: string = revokedDetail(Date.now()),
  ): Promise<void> {
    await this.publish(this.keys.runnerControl, { runnerId, status: "revoked", detail });
    await this.publish(this.keys.serverControl, { kind: "runner-revoked", runnerId });
  }

  /** Calls `listener` with every valid message servers send each other; resolves once subscribed. */
  async onServerControl(listener: (message: ServerControl) => void): Promise<void> {
    await this.listen(this.keys.serverControl, (text) => {
      const message = parseMessage(ServerControlMessage, text, MAX_CONTROL_BYTES);
      if (message) listener(message);
    });
  }

  /** Calls `listener` with every valid answer to runners; resolves once subscribed. */
  async onRunnerControl(listener: (message: RunnerControlMessage) => void): Promise<void> {
    await this.listen(this.keys.runnerControl, (text) => {
      const message = parseMessage(RunnerControlMessage, text, MAX_CONTROL_BYTES);
      if (message) listener(message);
    });
  }

  /** Closes both connections. */
  async close(): Promise<void> {
    await Promise.all(
      [this.publisher, this.subscriber].map((redis) => redis && closeConnection(redis)),
    );
    this.publisher = undefined;
    this.subscriber = undefined;
    this.listeners.clear();
  }

  private async publish(channel: string, message: object): Promise<void> {
    this.publisher ??= connectBroker(this.options, "control-publish");
    await this.publisher.publish(channel, JSON.stringify(message));
  }

  private async listen(channel: string, listener: (text: string) => void): Promise<void> {
    if (!this.subscriber) {
      const subscriber = connectBroker(this.options, "control-subscribe");
      subscriber.on("message", (from: string, text: string) => {
        for (const each of this.listeners.get(from) ?? []) each(text);
      });
      this.subscriber = subscriber;
    }
    const known = this.listeners.get(channel);
    if (known) {
      known.push(listener);
      return;
    }
    this.listeners.set(channel, [listener]);
    // ioredis subscribes again by itself after a reconnection.
    await this.subscriber.subscribe(channel);
  }
}
