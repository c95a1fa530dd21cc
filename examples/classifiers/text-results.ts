// A classifier for tools that answer the model in
// words ("Refunded re_1 …"), as LangChain and Agents
// tools often do. Hand it to an adapter:
//
//   langChainExecutor({ …, classifier })
//
// and audit the same module (its client half):
//
//   npm run faultline -- audit-mapping --mapping examples/classifiers/text-results.ts
//
// What an HTTP client observed goes to the audited
// mapping; what a tool returned is read here. Only
// the tool's own words can say nothing happened.
import type { Classifier } from '../../faultline/adapters/langchain.ts'
import mapping from '../mappings/correct.ts'

const classify: Classifier = (seen) => {
  if (!('kind' in seen)) return mapping(seen)
  // A throw may come after the request left.
  if (seen.kind !== 'returned') return 'ambiguous'
  const text = typeof seen.value === 'string' ? seen.value : ''
  if (/^(refunded|sent)\b/i.test(text)) return 'applied'
  if (/^not (refunded|sent), nothing was done\b/i.test(text)) return 'rejected'
  // Anything else: say so, do not guess.
  return null
}

export default classify
