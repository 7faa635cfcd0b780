/**
 * Thrown by a task that has already logged this attempt's failure (with what only it knows, such as the request):
 * the queue retries the job, and nothing logs the failure a second time.
 */
export class JobAttemptFailed extends Error {}
