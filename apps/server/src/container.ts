import { isEmbedded, type AppConfig } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import type { Logger } from './logger.ts';
import { JobQueue } from './queue/job-queue.ts';
import type { JobDefinition } from './queue/job-definition.ts';
import type { SessionResolver } from './http/session.ts';
import { createMailer, DevMailbox, type Mailer } from './adapters/mail/index.ts';
import { SystemService } from './modules/system/index.ts';
import { HousekeepingRepository } from './modules/housekeeping/index.ts';
import { housekeepingJob } from './modules/housekeeping/index.ts';
import { analyticsSummaryJob } from './modules/analytics/index.ts';
import { createAuth, type Auth } from './modules/identity/index.ts';
import { resolveAuthSecret } from './modules/identity/index.ts';
import { AuthGateway } from './modules/identity/index.ts';
import { IdentityRepository } from './modules/identity/index.ts';
import { SignInService } from './modules/account/index.ts';
import { AuthSessionResolver } from './modules/identity/index.ts';
import { AccountRepository } from './modules/account/index.ts';
import { AccountService } from './modules/account/index.ts';
import { WalletService } from './modules/account/index.ts';
import { LinkBindings } from './modules/identity/index.ts';
import { walletCoolOffJob } from './modules/account/index.ts';
import { notificationMailJob } from './modules/notifications/index.ts';
import { NotificationMailService } from './modules/notifications/index.ts';
import { startChain, type ChainAdapter } from './adapters/chain/index.ts';
import { openIpfs, type IpfsAdapter } from './adapters/ipfs/index.ts';
import { ChainService } from './modules/chain/index.ts';
import { TokensRepository } from './modules/tokens/index.ts';
import { TokenService } from './modules/tokens/index.ts';
import { TokenAssetService } from './modules/tokens/index.ts';
import { handOffTokenWrites, tokenWriteJob } from './modules/tokens/index.ts';
import { lazy, type Lazy } from './lib/lazy.ts';
import type { FileStorage } from './adapters/storage/index.ts';
import { CacheBus } from './db/cache-bus.ts';
import { MetricsService } from './modules/metrics/index.ts';
import { wireGoodsAndCampaigns, type GoodsAndCampaigns } from './modules/goods-campaigns/index.ts';
import { publishOnChainJob, QueuedGoodsPublisher } from './modules/goods-on-chain/index.ts';
import { wireAudience, type Audience } from './modules/audience/index.ts';
import { wireOperator, type OperatorArea } from './modules/operator/index.ts';
import { createSignerLock, wireDelivery, type DeliveryWiring } from './modules/delivery/index.ts';
import {
  manualDistributionDeliverySource,
  wireManualDistribution,
  type ManualDistributionWiring,
} from './modules/manual-distribution/index.ts';
import { createYouTubeApi, type YouTubeApi } from './adapters/youtube/index.ts';
import { createTwitCastingApi, type TwitCastingApi } from './adapters/twitcasting/index.ts';
import { MemorySandboxStore, type SandboxStore } from './modules/sandbox/index.ts';
import { wireLive, type LiveWiring } from './modules/live-ingestion/index.ts';
import { YouTubeQuotaLedger } from './modules/live-ingestion/index.ts';
import { wireDraws, type DrawsArea } from './modules/live-draws/index.ts';

/**
 * Explicit wiring, in dependency order: config → adapters → repositories → services → jobs.
 * No autoloading: reading this file tells what the application is made of.
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
  repositories: {
    housekeeping: HousekeepingRepository;
    identities: IdentityRepository;
    accounts: AccountRepository;
    tokens: TokensRepository;
  } & GoodsAndCampaigns['repositories'] &
    OperatorArea['repositories'] &
    DeliveryWiring['repositories'] &
    ManualDistributionWiring['repositories'] &
    LiveWiring['repositories'];
  services: {
    system: SystemService;
    authGateway: AuthGateway;
    signIn: SignInService;
    account: AccountService;
    wallet: WalletService;
    /** Sends the e-mail twins of notifications (decision 0097). */
    notificationMail: NotificationMailService;
    linkBindings: LinkBindings;
    chain: ChainService;
    tokens: TokenService;
    tokenAssets: TokenAssetService;
  } & GoodsAndCampaigns['services'] &
    OperatorArea['services'] &
    Audience['services'] &
    DeliveryWiring['services'] & {
      manualDistribution: ManualDistributionWiring['service'];
    } & LiveWiring['services'];
  /** The delivery engine (started with the chain on first use; the worker's job drives it). */
  deliveryEngine: DeliveryWiring['engine'];
  /** Draws and winners (engine, services, schedule job). */
  draws: DrawsArea;
  close(): Promise<void>;
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

    const mailer = createMailer(config, db, log);
    const devMailbox = mailer instanceof DevMailbox && isEmbedded(config) ? mailer : null;
    const chain = lazy(
      () => startChain(config),
      (adapter) => adapter.close(),
    );
    const ipfs = lazy(
      () => openIpfs(config),
      (adapter) => adapter.close(),
    );

    // Each outside client once, handed to every user of it. Every YouTube call outside a chat read is charged to
    // the Google project's quota ledger as it happens (reads are charged with the page they bring, decision 0161).
    const youtubeQuota = new YouTubeQuotaLedger(
      database.db,
      config.live.youtube.clientId,
      config.live.chat.youtubeDailyQuota,
    );
    const youtube = createYouTubeApi(config, (units) => {
      youtubeQuota.charge(units, new Date()).catch((error: unknown) => {
        log.warn({ err: error }, 'could not charge YouTube quota to the ledger');
      });
    });
    const twitcasting = createTwitCastingApi(config);

    const goodsPublisher = new QueuedGoodsPublisher();
    const cacheBus = new CacheBus(database, log);
    const goods = wireGoodsAndCampaigns({ config, db, log, goodsPublisher, cacheBus });
    const operatorArea = wireOperator(db);
    const repositories = {
      ...goods.repositories,
      ...operatorArea.repositories,
      housekeeping: new HousekeepingRepository(db),
      identities: new IdentityRepository(db),
      accounts: new AccountRepository(db),
      tokens: new TokensRepository(db),
    };
    const authSecret = await resolveAuthSecret(config, db);
    const linkBindings = new LinkBindings(db, {
      ttlSeconds: config.auth.magicLinkTtlSeconds,
      maxAttempts: config.auth.linkCodeMaxAttempts,
    });
    const auth = createAuth({
      config,
      db,
      secret: authSecret,
      mailer,
      identities: repositories.identities,
      linkBindings,
      log,
    });
    const authGateway = new AuthGateway(auth, config);
    const chainService = new ChainService(
      chain,
      db,
      {
        chainId: config.chainId,
        configuredAddress: config.chain.contractAddress,
        ipfsGateway: config.ipfs.gatewayUrl,
      },
      log,
    );
    const signerLock = createSignerLock(config, database);
    const tokenWrite = tokenWriteJob(() => tokens);
    const signsHere = config.chain.kind === 'embedded' || config.chain.signer.kind !== 'none';
    const tokens: TokenService = new TokenService(
      chain,
      chainService,
      repositories.tokens,
      {
        ipfsGatewayBase: config.ipfs.gatewayUrl,
        signerLock,
        goodsSupply: async (tokenId) => {
          const goods = await repositories.digitalGoods.findByTokenId(tokenId);
          if (!goods) return null;
          const promised = (await repositories.digitalGoods.reservedCopies([goods.id])).get(goods.id) ?? 0;
          return { name: goods.name, supply: goods.supply, promised };
        },
        ...(signsHere
          ? {}
          : {
              handOff: handOffTokenWrites(() => queue, tokenWrite, {
                startWithinMs: config.ops.tokenWriteStartWithinMs,
              }),
            }),
      },
      log,
    );
    const delivery = wireDelivery({
      config,
      database,
      log,
      queue,
      chain,
      chainService,
      digitalGoods: repositories.digitalGoods,
      signerLock,
      sources: [manualDistributionDeliverySource],
    });
    const manualDistribution = wireManualDistribution({
      database,
      log,
      digitalGoods: repositories.digitalGoods,
      deliveries: delivery.repositories.deliveries,
      delivery: delivery.services.delivery,
      twitcasting,
    });
    const live = wireLive({
      config,
      database,
      log,
      queue,
      authSecret,
      heldPrizes: delivery.services.delivery,
      youtube,
      twitcasting,
      youtubeQuota,
    });
    const draws = wireDraws({
      config,
      db,
      log,
      chain,
      storage: goods.storage,
      delivery: delivery.services.delivery,
      liveStreams: live.repositories.liveStreams,
    });
    const audience = wireAudience({
      database,
      log,
      storage: goods.storage,
      goods,
      accounts: repositories.accounts,
      tokens,
      chain: chainService,
      publicOrigin: config.publicOrigin,
      publicReadCacheMs: config.http.publicReadCacheMs,
    });
    const wallet = new WalletService(
      config,
      db,
      repositories.identities,
      mailer,
      log,
      delivery.services.delivery,
    );
    const notificationMail = new NotificationMailService(
      db,
      mailer,
      config.publicOrigin,
      log.child({ module: 'notification-mail' }),
    );
    const services = {
      ...audience.services,
      notificationMail,
      ...goods.services,
      ...operatorArea.services,
      ...delivery.services,
      manualDistribution: manualDistribution.service,
      ...live.services,
      // Only an outside chain can be down while the process lives; the embedded one is this process's child.
      system: new SystemService(
        config,
        database,
        queue,
        config.chain.kind === 'rpc' ? () => chainService.probe() : undefined,
      ),
      authGateway,
      linkBindings,
      signIn: new SignInService(config, repositories.accounts, repositories.identities, log),
      account: new AccountService(
        config,
        db,
        repositories.accounts,
        repositories.identities,
        authGateway,
        log,
        tokens,
        wallet,
      ),
      wallet,
      chain: chainService,
      tokens,
      tokenAssets: new TokenAssetService(ipfs, tokens, { uploadMaxBytes: config.ipfs.uploadMaxBytes }, log),
    };
    const sessions =
      overrides.sessions ?? new AuthSessionResolver(auth, repositories.accounts, config.http.sessionCacheMs);
    const publishJob = publishOnChainJob(() => ({
      goods: repositories.digitalGoods,
      assets: repositories.assets,
      storage: goods.storage,
      tokens: services.tokens,
      tokenAssets: services.tokenAssets,
      publicOrigin: config.publicOrigin,
    }));
    goodsPublisher.connect(queue, publishJob);
    const jobs = [
      housekeepingJob(repositories.housekeeping, config.housekeepingCron),
      walletCoolOffJob(wallet),
      notificationMailJob(notificationMail, () => queue),
      analyticsSummaryJob(repositories.analytics.summary),
      ...goods.jobs,
      publishJob,
      tokenWrite,
      ...delivery.jobs,
      ...live.jobs,
      ...draws.jobs,
    ] as JobDefinition[];

    await queue.start(jobs);

    return {
      config,
      log,
      database,
      queue,
      cacheBus,
      metrics: new MetricsService({
        database,
        queueSchema: queue.schema,
        chain,
        chainIsOutside: config.chain.kind === 'rpc',
        log,
        youtubeQuota: live.services.youtubeQuota,
      }),
      sessions,
      jobs,
      adapters: {
        mailer,
        devMailbox,
        chain,
        ipfs,
        storage: goods.storage,
        youtube,
        twitcasting,
      },
      sandbox: config.live.sandbox ? new MemorySandboxStore(config.publicOrigin) : null,
      auth,
      repositories: {
        ...repositories,
        ...delivery.repositories,
        ...manualDistribution.repositories,
        ...live.repositories,
      },
      services,
      deliveryEngine: delivery.engine,
      draws,
      async close() {
        // A worker waits for its running jobs (they end early on the stop signal, decision 0142); an api runs none.
        await queue.stop(config.role === 'api' ? config.shutdownTimeoutMs : config.ops.workerStopTimeoutMs);
        await Promise.all([chain.close(), ipfs.close(), cacheBus.close()]);
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
