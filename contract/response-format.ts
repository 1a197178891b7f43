// The version of the bytes a build derives from a dataset: every response body, the envelope around
// it and the files' layout. dataset_version hashes it together with the data, so it is the only way
// a change of code reaches the ETags: a refactor, a moved file or a new comment keeps every ETag,
// and a change of what any response holds for the same dataset must bump it.
// test/contract/response-format.test.ts derives every file of a fixed example dataset and fails
// when those bytes change while this number does not.

export const RESPONSE_FORMAT = 1;
