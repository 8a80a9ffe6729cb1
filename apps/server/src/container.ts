import { isEmbedded, type AppConfig } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import type { Logger } from './logger.ts';
import { JobQueue } from './queue/job-queue.ts';
import { AppError } from './lib/app-error.ts';
import type { JobDefinition } from './queue/job-definition.ts';
import type { SessionResolver } from './http/session.ts';
import { CacheBus } from './db/cache-bus.ts';
import type { Lazy } from './lib/lazy.ts';
import { createMailer, DevMailbox, type Mailer } from './adapters/mail/index.ts';
import { lazyChain, type ChainAdapter } from './adapters/chain/index.ts';
import { lazyIpfs, type IpfsAdapter } from './adapters/ipfs/index.ts';
import { createFileStorage, createTusDataStore, type FileStorage } from './adapters/storage/index.ts';
import { createYouTubeApi, type YouTubeApi } from './adapters/youtube/index.ts';
import { createTwitCastingApi, type TwitCastingApi } from './adapters/twitcasting/index.ts';
import { createLivePlatforms } from './adapters/live-platforms/index.ts';
import { createBeacon, DrandBeacon } from './adapters/beacon/index.ts';
import { wireSystem } from './modules/system/index.ts';
import { wireDoctor } from './modules/doctor/index.ts';
import { wireMetrics, type MetricsService } from './modules/metrics/index.ts';
import { wireHousekeeping } from './modules/housekeeping/index.ts';
import { wireSignerFunds } from './modules/signer-funds/index.ts';
import { wireIdentity, type Auth, type IdentityWiring } from './modules/identity/index.ts';
import { wireAccount } from './modules/account/index.ts';
import { wireChain } from './modules/chain/index.ts';
import { wireTokens } from './modules/tokens/index.ts';
import { wireGoodsOnChain } from './modules/goods-on-chain/index.ts';
import { wireGoodsAndCampaigns, type GoodsAndCampaigns } from './modules/goods-campaigns/index.ts';
import { wireAudience, type Audience } from './modules/audience/index.ts';
import { wireOperator, type OperatorArea } from './modules/operator/index.ts';
import { wireDelivery, type DeliveryWiring } from './modules/delivery/index.ts';
import {
  manualDistributionDeliverySource,
  wireManualDistribution,
  type ManualDistributionWiring,
} from './modules/manual-distribution/index.ts';
import { wireSandbox, type SandboxStore } from './modules/sandbox/index.ts';
import { wireLive, YouTubeQuotaLedger, type LiveWiring } from './modules/live-ingestion/index.ts';
import { drawRecordSeam, wireDraws, type DrawsArea } from './modules/live-draws/index.ts';

type SystemWiring = ReturnType<typeof wireSystem>;
type DoctorWiring = ReturnType<typeof wireDoctor>;
type SignerFundsWiring = ReturnType<typeof wireSignerFunds>;
type HousekeepingWiring = ReturnType<typeof wireHousekeeping>;
type AccountWiring = ReturnType<typeof wireAccount>;
type ChainWiring = ReturnType<typeof wireChain>;
type TokensWiring = ReturnType<typeof wireTokens>;

/**
 * The composition root: the outside clients, each created once, then every module from its wire function, in
 * dependency order. No autoloading and no module's internals: reading this file tells what the application is
 * made of and which module is handed what.
 */
export interface Container {
  config: AppConfig;
  log: Logger;
  database: Database;
  queue: JobQueue;
  /** Invalidates the public read caches of every process (LISTEN/NOTIFY). */
  cacheBus: CacheBus;
  /** Prometheus figures of this process and of the shared database (GET /metrics, decision 0144). */
  metrics: MetricsService;
  sessions: SessionResolver;
  jobs: JobDefinition[];
  adapters: {
    mailer: Mailer;
    /** The dev mailbox when it is the mailer and the server runs embedded (its pages exist only then). */
    devMailbox: DevMailbox | null;
    /** Started on first use: an anvil process (embedded) or an RPC client. */
    chain: Lazy<ChainAdapter>;
    /** Opened on first use: the embedded block store or a Kubo client. */
    ipfs: Lazy<IpfsAdapter>;
    /** Uploaded files and public images: a local folder (embedded) or S3-compatible buckets. */
    storage: FileStorage;
    /** Live platforms over HTTP: the real APIs, or this server's /sandbox/… fakes when embedded. */
    youtube: YouTubeApi;
    twitcasting: TwitCastingApi;
  };
  /** State of the fake live platforms; null unless config.live.sandbox (then /sandbox/… is mounted). */
  sandbox: SandboxStore | null;
  /** better-auth, mounted at /api/auth. */
  auth: Auth;
  /** Signs sessions (better-auth) and binds each session's XSRF token to it (`http/xsrf.ts`). */
  authSecret: string;
  repositories: GoodsAndCampaigns['repositories'] &
    OperatorArea['repositories'] &
    HousekeepingWiring['repositories'] &
    IdentityWiring['repositories'] &
    AccountWiring['repositories'] &
    TokensWiring['repositories'] &
    Audience['repositories'] &
    DeliveryWiring['repositories'] &
    ManualDistributionWiring['repositories'] &
    LiveWiring['repositories'];
  services: Audience['services'] &
    GoodsAndCampaigns['services'] &
    OperatorArea['services'] &
    DeliveryWiring['services'] & {
      manualDistribution: ManualDistributionWiring['service'];
    } & LiveWiring['services'] &
    SystemWiring['services'] &
    DoctorWiring['services'] &
    SignerFundsWiring['services'] &
    IdentityWiring['services'] &
    AccountWiring['services'] &
    ChainWiring['services'] &
    TokensWiring['services'];
  /** The delivery engine (started with the chain on first use; the worker's job drives it). */
  deliveryEngine: DeliveryWiring['engine'];
  /** Draws and winners (engine, services, schedule job). */
  draws: DrawsArea;
  /** Stops the queue, then the adapters, then the database; `step` hears each part as it starts. */
  close(step?: (name: string) => void): Promise<void>;
}

export interface ContainerOverrides {
  /** Use this database instead of opening one from config (tests). */
  database?: Database;
  /** Use this session resolver (tests impersonate callers with it). */
  sessions?: SessionResolver;
}

export async function openDatabase(config: AppConfig): Promise<Database> {
  return config.database.kind === 'pglite'
    ? openPglite(config.database.dir)
    : openPostgres(config.database.url, config.database.poolMax, undefined, {
        statementTimeoutMs: config.database.statementTimeoutMs,
      });
}

export async function createContainer(
  config: AppConfig,
  log: Logger,
  overrides: ContainerOverrides = {},
): Promise<Container> {
  const database = overrides.database ?? (await openDatabase(config));
  try {
    await runMigrations(database);
    const { db } = database;
    const queue = JobQueue.create(database, log);
    const cacheBus = new CacheBus(database, log);
    const { publicOrigin } = config;

    // Each outside client once, here, handed to every module that uses it.
    const mailer = createMailer(config, db, log);
    const chain = lazyChain(config);
    const ipfs = lazyIpfs(config);
    const storage = createFileStorage(config);
    const tusDataStore = createTusDataStore(config);
    const beacon = createBeacon(config, chain);
    const twitcasting = createTwitCastingApi(config);
    // Every YouTube call outside a chat read is charged to the Google project's quota ledger as it happens
    // (reads are charged with the page they bring, decision 0161); each poll's client counts into its stream.
    const youtubeQuota = new YouTubeQuotaLedger(
      db,
      config.live.youtube.clientId,
      config.live.chat.youtubeDailyQuota,
    );
    const youtube = createYouTubeApi(config, (units) => {
      youtubeQuota.charge(units, new Date()).catch((error: unknown) => {
        log.warn({ err: error }, 'could not charge YouTube quota to the ledger');
      });
    });
    // A YouTube client per chat read: quota is counted per stream, each read's client into its own counter (0184).
    const youtubeFor: Parameters<typeof createLivePlatforms>[0]['youtubeFor'] = (onQuota) =>
      createYouTubeApi(config, onQuota);
    const platforms = createLivePlatforms({
      youtube,
      youtubeFor,
      twitcasting,
      youtubeTransport: config.live.chat.youtubeTransport,
    });

    // The modules, each from its wire function, in dependency order. Published goods reach the chain through a
    // job whose ports are read when it runs: the token tools it needs are wired after the goods they cap.
    const identity = await wireIdentity({ config, db, mailer, log });
    const chainArea = wireChain({ config, db, log, chain });
    const goodsOnChain = wireGoodsOnChain({
      queue,
      ports: () => ({
        goods: goods.repositories.digitalGoods,
        assets: goods.repositories.assets,
        storage,
        tokens: tokens.services.tokens,
        tokenAssets: tokens.services.tokenAssets,
        publicOrigin,
      }),
    });
    const goods: GoodsAndCampaigns = wireGoodsAndCampaigns({
      config,
      db,
      log,
      storage,
      tusDataStore,
      goodsPublisher: goodsOnChain.goodsPublisher,
      cacheBus,
    });
    const delivery = wireDelivery({
      config,
      database,
      log,
      queue,
      chain,
      chainService: chainArea.services.chain,
      digitalGoods: goods.repositories.digitalGoods,
      sources: [manualDistributionDeliverySource],
    });
    const tokens = wireTokens({
      config,
      db,
      log,
      queue,
      chain,
      ipfs,
      chainService: chainArea.services.chain,
      signerLock: delivery.signerLock,
      goods: goods.repositories.digitalGoods,
    });
    const account = wireAccount({
      config,
      db,
      log,
      mailer,
      identity,
      wallets: tokens.services.tokens,
      heldPrizes: delivery.services.delivery,
    });
    const manualDistribution = wireManualDistribution({
      database,
      log,
      digitalGoods: goods.repositories.digitalGoods,
      deliveries: delivery.repositories.deliveries,
      delivery: delivery.services.delivery,
      platforms,
    });
    const live = wireLive({
      config,
      database,
      log,
      queue,
      authSecret: identity.authSecret,
      heldPrizes: delivery.services.delivery,
      platforms,
      youtubeQuota,
    });
    const chainService = chainArea.services.chain;
    const draws: DrawsArea = wireDraws({
      db,
      log,
      beacon,
      storage,
      delivery: delivery.services.delivery,
      liveStreams: live.repositories.liveStreams,
      platforms,
      ingestWait: { boundMs: config.drawIngestWaitMs, queue: () => queue },
      record: drawRecordSeam({
        config,
        db,
        chain,
        // Embedded: deployed on first need; otherwise only `deploy-token` deploys it (decision 0140).
        registryAddress: async () => {
          if (config.chain.kind === 'embedded') return chainService.ensureDrawRegistry();
          const address = await chainService.drawRegistryAddress();
          if (!address) {
            throw new AppError(
              'UNAVAILABLE',
              'No draw registry on the chain: run `npm run deploy-token` once to deploy it.',
            );
          }
          return address;
        },
        serialise: (task) => delivery.signerLock.run(task),
        queue: () => queue,
        job: () => draws.recordJob,
      }),
    });
    const audience = wireAudience({
      authSecret: identity.authSecret,
      database,
      log,
      queue,
      mailer,
      storage,
      goods,
      accounts: account.repositories.accounts,
      tokens: tokens.services.tokens,
      chain: chainArea.services.chain,
      publicOrigin,
      publicReadCacheMs: config.http.publicReadCacheMs,
    });
    const operatorArea = wireOperator({ db });
    const housekeeping = wireHousekeeping({ db, cron: config.housekeepingCron });
    const signerFunds = wireSignerFunds({ db, chain });
    const system = wireSystem({ config, database, queue, chain: chainArea.services.chain });
    const doctor = wireDoctor({
      config,
      database,
      storage,
      ipfs,
      chain,
      mailer,
      drand: beacon instanceof DrandBeacon ? beacon : null,
    });

    const jobs = [
      ...housekeeping.jobs,
      ...signerFunds.jobs,
      ...account.jobs,
      ...audience.jobs,
      ...operatorArea.jobs,
      ...goods.jobs,
      ...goodsOnChain.jobs,
      ...tokens.jobs,
      ...delivery.jobs,
      ...live.jobs,
      ...draws.jobs,
    ] as JobDefinition[];
    await queue.start(jobs);
    const queueNames = () => jobs.map((job) => job.name);
    const metrics = wireMetrics({
      config,
      database,
      queueSchema: queue.schema,
      chain,
      log,
      youtubeQuota,
      queueNames,
    });

    return {
      config,
      log,
      database,
      queue,
      cacheBus,
      metrics: metrics.services.metrics,
      sessions: overrides.sessions ?? account.sessions,
      jobs,
      adapters: {
        mailer,
        devMailbox: mailer instanceof DevMailbox && isEmbedded(config) && config.devMailbox ? mailer : null,
        chain,
        ipfs,
        storage,
        youtube,
        twitcasting,
      },
      sandbox: wireSandbox({ config }).store,
      auth: identity.auth,
      authSecret: identity.authSecret,
      repositories: {
        ...goods.repositories,
        ...operatorArea.repositories,
        ...housekeeping.repositories,
        ...identity.repositories,
        ...account.repositories,
        ...tokens.repositories,
        ...audience.repositories,
        ...delivery.repositories,
        ...manualDistribution.repositories,
        ...live.repositories,
      },
      services: {
        ...audience.services,
        ...goods.services,
        ...operatorArea.services,
        ...delivery.services,
        manualDistribution: manualDistribution.service,
        ...live.services,
        ...system.services,
        ...doctor.services,
        ...signerFunds.services,
        ...identity.services,
        ...account.services,
        ...chainArea.services,
        ...tokens.services,
      },
      deliveryEngine: delivery.engine,
      draws,
      async close(step = () => undefined) {
        // A worker waits for its running jobs (they end early on the stop signal, decision 0142); an api runs none.
        step('job queue');
        await queue.stop(config.role === 'api' ? config.shutdownTimeoutMs : config.ops.workerStopTimeoutMs);
        step('chain, IPFS, cache bus and card worker');
        await Promise.all([chain.close(), ipfs.close(), cacheBus.close(), goods.services.ogImages.close()]);
        step('database');
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
