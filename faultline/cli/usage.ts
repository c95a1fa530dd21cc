// What --help prints: the overview, and each command's own options.
import { BUNDLED_NAMES } from '../../executors/index.ts'
import { PROFILE_FEATURES } from '../../harness/scenario/profile.ts'
import { EMAIL_VENDORS, PAYMENTS_VENDORS } from '../../harness/contract/vendors.ts'
import { CLIENT_NAMES } from '../../harness/contract/mapping.ts'
import { DEFAULT_BUDGETS, YOUNG_GENERATION_MB } from '../../harness/supervisor/budgets.ts'
import { MAX_SEED } from './options.ts'

const SUPERVISION = `supervision (the executor runs in worker threads; the verdict is this process's alone):
  --workers N          runs at once (default: the cores available; run: 1); results are the same for any N
  --run-timeout MS     real time one run may take before it is stopped and replayed once, then reported hung (default ${DEFAULT_BUDGETS.runRealMs})
  --load-timeout MS    real time loading the executor module may take (default ${DEFAULT_BUDGETS.loadRealMs})
  --worker-memory MB   old-generation heap of one worker (its ${YOUNG_GENERATION_MB} MB young generation comes on top); past it the run is reported out-of-memory (default ${DEFAULT_BUDGETS.workerMemoryMb})
  --max-events N       history events one run may record; past it the run is cut short, flooded (default ${DEFAULT_BUDGETS.eventsPerRun})`

const PROFILES = `profiles: what the mock services may do beyond the real vendors
  --profile vendor     (default) only what the real vendors do (docs/vendors.md)
  --profile hostile    every feature below
  --profile F,G,...    some of: ${PROFILE_FEATURES.join(', ')}`

const VENDORS = `vendors: who the mock services play (docs/vendors.md)
  --vendors payments=${PAYMENTS_VENDORS.join('|')},email=${EMAIL_VENDORS.join('|')}
                       default payments=stripe,email=resend; either part alone keeps the other's default.
                       An executor that declares the vendors it speaks (declare(): { vendors }) is gated only
                       on those; compare leaves it out of a pair it does not speak, and says so`

const JUDGES = `judges of your own:
  --judge m.ts[,n.ts]  load modules that define judges (defineJudge from 'faultline'); they run beside the bundled ones`

const CAMPAIGN_IO = `campaign input and output:
  --corpus DIR         the failure corpus (default .faultline/corpus): every shrunk counterexample is saved there as
                       <judge>--<executor>--<hash>.json, and the printed replay command replays exactly that file
  --no-corpus          neither replay nor save
  --out FILE           also write the result as JSON, with every run's record: what faultline merge reads
                       (the report format: schemas/report.schema.json, made by npm run schemas; docs/campaigns.md)
  --json               print the result as that JSON, without the per-run records
  --shard i/n          run shard i of n (1-based): the runs whose 0-based number is i-1 modulo n; without it, the
                       environment's TEST_SHARD_INDEX (0-based) or JOB_COMPLETION_INDEX (a Kubernetes Indexed Job),
                       each with TEST_TOTAL_SHARDS; then faultline merge the shards' --out files`

const STOPPING = `ending early (the verdict so far, printed and written, never nothing):
  --max-time MS        real time the campaign may take; then no new run starts, the runs in flight finish, shrinking
                       stops where it is, and the verdict is on the runs made ("N of M runs", "cut" in the JSON): with
                       no violation it passes on those runs (nothing tested still fails); exit 0 or 1 as usual
  SIGINT (Ctrl-C) or SIGTERM (a CI cancel): the same, the report marked interrupted (never a pass), exit 130 or 143;
                       a second signal while it finishes exits at once. Runs are drawn one by one, so a huge --runs
                       with --max-time costs no memory (unless --out or --html, which keep every run's record)`

const MIN_COVERAGE = `coverage: what the campaign exercised is printed per fault kind × boundary × tool; to require it,
  --min-coverage SPEC  TERM=N[,TERM=N…] (or a .json file of {"TERM": N}); a TERM joins with ':' at most one
                       fault kind (reset-after-effect, executor-crash, …), boundary (after-effect, …), tool
                       (issue_refund, send_email, charge_card, abort) and state: struck (default),
                       effect-while-error, unknown-reconciled, crash-in-flight. Unmet: exit 1.
                       e.g. --min-coverage reset-after-effect:issue_refund=5,executor-crash:crash-in-flight=1`

const REPORTS = `reports people read (drawn from the result's JSON alone; faultline report FILE draws them later; docs/reports.md):
  --junit FILE         JUnit XML: one test case per executor × judge, failures with the violation and the replay command
  --markdown FILE      Markdown: the verdict, the figures or the leaderboard, coverage, the counterexamples folded
  --html FILE          one self-contained HTML file: the leaderboard, charts, each counterexample as a sequence timeline
  in CI: with $GITHUB_STEP_SUMMARY set the Markdown is appended to it (within GitHub's 1 MiB); with GITHUB_ACTIONS=true
  at most 10 ::error annotations are printed, one per violation class; on a terminal a progress line is drawn on stderr
  (NO_COLOR turns its colour off)`

const EXIT =
  'exit codes: 0 no violation, 1 a violation was found or nothing was tested (no tool call reached a service), 2 bad usage (or a module that cannot be loaded, at the start or again after a run ended its worker, when the runs made found nothing), 3 the harness itself failed'

export const COMMAND_USAGE = {
  gate: `faultline gate --executor <name|path> [--runs N] [--seed S] [--profile P] [--vendors V] [--judge M] [--json] [--out FILE]
                     [--corpus DIR | --no-corpus] [--shard i/n] [--max-time MS] [--min-coverage SPEC] [--junit F] [--markdown F] [--html F] [supervision]
  Replay the executor's saved counterexamples (the corpus), each reported still failing or fixed; then generate
  N scenarios (default 200) from seed S (default 1; 0 to ${MAX_SEED}), run and judge each; stop at the first
  violation, shrink it to a minimal scenario, save it in the corpus and print how to replay that file.
  Other kinds may remain: compare --executors <name|path> runs every scenario and saves one minimal
  counterexample per kind in the corpus, which the next gate replays.
  Exits 1 when a violation is found, a corpus entry still fails, or --min-coverage is not met.

${CAMPAIGN_IO}

${STOPPING}

${REPORTS}

${MIN_COVERAGE}

${PROFILES}

${VENDORS}

${JUDGES}

${SUPERVISION}

${EXIT}`,
  compare: `faultline compare [--executors a,b,...] [--runs N] [--seed S] [--k K] [--profile P] [--vendors V]... [--judge M] [--json] [--out FILE]
                        [--corpus DIR | --no-corpus] [--shard i/n] [--max-time MS] [--fail-on-violation] [--junit F] [--markdown F] [--html F] [supervision]
  The same N generated scenarios (default 200) against each executor (default: every bundled one):
  a leaderboard, pass^k over the campaign's first 25 scenarios replayed K times (default 3; with how many
  scenarios and replays it was computed over, and the scenarios an executor fault decided), one minimal
  counterexample per violation class (saved in the corpus). Exits 0 (the comparison is a report, not a gate);
  --fail-on-violation  exit 1 when any executor had a violation (in a campaign run or a pass^k replay) or tested nothing
  --vendors V          may be given more than once: one campaign and leaderboard per pair, in turn (--json: an array)

${CAMPAIGN_IO}

${STOPPING}

${REPORTS}

${PROFILES}

${VENDORS}

${JUDGES}

${SUPERVISION}`,
  run: `faultline run <scenario.json> [--executor <name|path> | --mapping <module>] [--judge M] [--json] [--out FILE]
                    [--junit F] [--markdown F] [--html F] [supervision]
  Replay one scenario (default executor: reference): its history, stamped with virtual time, and its verdict.
  --mapping runs the reference with that exception mapping plugged in (as audit-mapping's counterexamples need).
  --json prints it as a report (schemas/report.schema.json); --out FILE writes that too.
  --junit, --markdown, --html FILE write the run as JUnit XML, Markdown, or an HTML timeline (docs/reports.md).
  Exits 1 when the verdict has a violation.

${JUDGES}

${SUPERVISION}`,
  merge: `faultline merge FILE... [--json] [--out FILE] [--fail-on-violation] [--junit F] [--markdown F] [--html F]
  Put the --out files of a campaign's shards (gate or compare, every shard once) back together: prints exactly
  what the whole campaign prints, byte for byte, and exits as it would (for gate: the lowest-numbered failure
  across shards, shrunk where it was found, saved again in the corpus). Nothing runs: no executor is needed.
  --out FILE writes the merged result (mergeable again). Exits 2 when the files are not one campaign's shards.
  --fail-on-violation  for compare shards: exit 1 when any executor had a violation or tested nothing (as compare does with it)

${REPORTS}`,
  report: `faultline report <result.json> [--junit FILE] [--markdown FILE] [--html FILE]
  Render a saved result again: a report written by --out or printed by --json (gate, compare, run, merge), or
  an audit-mapping result (--json). Nothing runs: every renderer reads the JSON alone.
  With no option it prints the text its command printed. Exits 0 when it rendered, 2 when the file is not a result.

${REPORTS}`,
  'audit-mapping': `faultline audit-mapping --mapping <module> [--clients fetch,http,axios,stripe,resend,...] [--runs N] [--seed S] [--profile P] [--json]
                              [--junit FILE] [--markdown FILE] [--html FILE] [supervision]
  Chaos experiments on an exception mapping (a module whose default export maps what a client observed
  to applied, not-sent, rejected or ambiguous; docs/mapping-audit.md). In this order:
    1. the matrix: every fault kind × client — what the client really raised (driven through the simulated
       service with that fault), the mapping's class, the ledger's truth — graded right, costly or dangerous;
    2. the consequences: N generated runs (default 200; 0 for none) of the reference with this mapping,
       judged as usual; one shrunk, replayable counterexample per dangerous cell the campaign reaches;
    3. the published sources (Stripe, stripe-node, undici, the AWS SDK, gRPC/AIP-194, openai-node) beside it.
  The mapping runs in supervised workers: one that throws, answers nonsense, blocks or exits is reported per cell.
  --clients    which clients (default: all nine — ${CLIENT_NAMES.join(', ')}; all but fetch and http need their packages)
  --json       print the result as versioned JSON (schemas/audit-mapping.schema.json, made by npm run schemas)
  --junit FILE one test case per cell, dangerous cells first and failing; --markdown FILE the matrix, dangerous
               cells first (also appended to $GITHUB_STEP_SUMMARY; ::error annotations when GITHUB_ACTIONS=true)
  --html FILE  one self-contained HTML page: the dangerous cells first, the graded matrix, the consequences with
               their replay commands, the published sources (faultline report <the --json> --html draws it again)

${PROFILES}

${SUPERVISION}

exit codes: 0 no dangerous cell, 1 a dangerous cell (or one the mapping failed on), 2 bad usage or a module that cannot be loaded, 3 the harness itself failed`,
  serve: `faultline serve [--port P]
  Serve the mock services on 127.0.0.1 (payments on P, email on P+1; default 4242) until Ctrl-C.`,
} as const

export type Command = keyof typeof COMMAND_USAGE

export const USAGE = `faultline — fault-injection tests for AI-agent tool-call executors

usage:
  faultline gate --executor <name|path> [--runs N] [--seed S] [--profile P] [--json]
      generate N scenarios, run and judge each; exit 1 on the first violation (shrunk and saved)
  faultline compare [--executors a,b,...] [--runs N] [--seed S] [--k K] [--profile P] [--json]
      the same N scenarios against each executor: a leaderboard with pass^k over 25 of them
  faultline run <scenario.json> [--executor <name|path> | --mapping <module>] [--json]
      replay one scenario and print its history and verdict
  faultline merge FILE... [--json] [--out FILE]
      put the --out files of a campaign's shards (--shard i/n) back together, as the whole campaign prints it
  faultline report <result.json> [--junit FILE] [--markdown FILE] [--html FILE]
      render a saved result (--out, --json) as JUnit XML, Markdown or HTML; gate, compare, run, merge and audit-mapping take them too
  faultline audit-mapping --mapping <module> [--clients a,b,...] [--runs N] [--seed S] [--json]
      chaos experiments on an exception mapping: the fault × client matrix, its consequences, the published sources
  faultline serve [--port P]
      serve the mock services on 127.0.0.1 (payments on P, email on P+1; default 4242) until Ctrl-C
  faultline <command> --help      that command's options (supervision budgets, profiles)
  faultline --version

${EXIT}
bundled executors: ${BUNDLED_NAMES.join(', ')}
defaults: --runs 200, --seed 1, --profile vendor`
